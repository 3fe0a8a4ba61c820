// The two HTTP clients of spec §7.1 (P-12..P-14) over the platform's fetch: the XMLHttpRequest
// marker, only the body returned. The JSON client sends building and gather; the form client
// sends swift and eyes (the request's content type comes with its body, src/host/request.ts).
// Header values are read per request, so a refresh of the common parameters applies to the next
// call. The 60 s deadline is the requester's, which aborts the signal it passes here.
// fetch rather than axios: axios was ~20 KB of the first screen's gzip for what fetch does natively.
import type { HeaderName } from './session';

export const HTTP_TIMEOUT_MS = 60_000;
export const FORM_TYPE = 'application/x-www-form-urlencoded';

export type ClientKind = 'json' | 'form';

export interface HttpRequest {
  method: string;
  url: string;
  body?: string | FormData;
  headers?: Record<string, string>;
  signal: AbortSignal;
}

/** A client that resolves with the response body only: parsed JSON, else the text as it came. */
export interface BodyClient {
  request(request: HttpRequest): Promise<unknown>;
}

export type Clients = Record<ClientKind, BodyClient>;

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

const CLIENT_HEADERS: Record<ClientKind, HeaderName[]> = {
  json: ['building', 'gather'],
  form: ['swift', 'eyes'],
};

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function createClient(kind: ClientKind, header: (name: HeaderName) => string, fetch: Fetch): BodyClient {
  return {
    async request({ method, url, body, headers, signal }) {
      const sent = new Headers(headers);
      sent.set('X-Requested-With', 'XMLHttpRequest');
      for (const name of CLIENT_HEADERS[kind]) sent.set(name, header(name));
      const response = await fetch(url, { method, body, headers: sent, signal, credentials: 'same-origin' });
      // A 4xx reply still carries the family's envelope (the server's message); 5xx is a failure.
      if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
      return parseBody(await response.text());
    },
  };
}

/** `fetch` is looked up per call unless given, so a test or a polyfill can replace the global. */
export function createClients(header: (name: HeaderName) => string, fetch?: Fetch): Clients {
  const send: Fetch = fetch ?? ((url, init) => globalThis.fetch(url, init));
  return { json: createClient('json', header, send), form: createClient('form', header, send) };
}
