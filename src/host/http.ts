// The two HTTP clients of spec §7.1 (P-12..P-14): two axios instances, each with the 60 s
// timeout and the XMLHttpRequest marker. Interceptors carry the rest. Out: the client's
// query-derived headers (JSON: building and gather; form: swift and eyes), read per request so a
// refresh of the common parameters applies to the next call. Back: only the body, read as the
// call's envelope family (families.ts); a body that is no envelope, a 5xx, a timeout, a cancel or
// no network all reject with one TransportError. Body and content type are the requester's.
// axios runs the host's fetch adapter (fetchAdapter.ts) over the platform's fetch, or the one
// given (a test network).
import type { AxiosResponse } from 'axios';
import { createAxios, isCancel } from './axiosCore';
import { fetchAdapter, type Fetch } from './fetchAdapter';
import type { ApiResult } from '../../renderer/host';
import { readEnvelope, type ClientKind, type Family } from './families';

export type { ClientKind };
import type { HeaderName } from './session';

export const HTTP_TIMEOUT_MS = 60_000;
export const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface HttpRequest {
  method: string;
  url: string;
  body?: string | FormData;
  headers?: Record<string, string>;
  signal: AbortSignal;
  /** A call's own deadline; HTTP_TIMEOUT_MS otherwise. */
  timeoutMs?: number;
  /** Whose envelope the reply is. */
  family: Family;
}

/** Resolves with the family's reading of the reply; any transport failure rejects. */
export interface ReadingClient {
  request(request: HttpRequest): Promise<ApiResult>;
}

export type Clients = Record<ClientKind, ReadingClient>;

export type { Fetch } from './fetchAdapter';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The family whose envelope the response interceptor reads the reply as. */
    envelope?: Family;
  }
}

/** The reason is for logs and tests; the borrower sees the family's network message. */
export class TransportError extends Error {}

/** The query-derived headers each client adds (directHttp.ts adds the same). */
export const CLIENT_HEADERS: Record<ClientKind, HeaderName[]> = {
  json: ['building', 'gather'],
  form: ['swift', 'eyes'],
};

function transportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  if (isCancel(error)) return new TransportError('aborted');
  const { code, response } = error as { code?: string; response?: { status: number } };
  if (code === 'ETIMEDOUT') return new TransportError('timeout');
  return new TransportError(response ? `HTTP ${response.status}` : 'offline');
}

function createClient(kind: ClientKind, header: (name: HeaderName) => string, fetch: Fetch): ReadingClient {
  const instance = createAxios({
    adapter: fetchAdapter(fetch),
    timeout: HTTP_TIMEOUT_MS,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    // A 4xx reply still carries the family's envelope (the server's message); 5xx is a failure.
    validateStatus: (status) => status < 500,
  });
  // Synchronous: the first screen's calls leave in the same task as the code that starts them.
  instance.interceptors.request.use(
    (config) => {
      for (const name of CLIENT_HEADERS[kind]) config.headers.set(name, header(name));
      return config;
    },
    null,
    { synchronous: true },
  );
  instance.interceptors.response.use(
    (response: AxiosResponse) => {
      const { envelope } = response.config;
      const read = envelope ? readEnvelope(envelope, response.data) : null;
      if (!read) throw new TransportError('not an envelope');
      return read as never;
    },
    (error: unknown) => Promise.reject(transportError(error)),
  );
  return {
    request: ({ method, url, body, headers, signal, timeoutMs, family }) =>
      instance.request<unknown, ApiResult>({
        method,
        url,
        data: body,
        headers,
        signal,
        timeout: timeoutMs ?? HTTP_TIMEOUT_MS,
        envelope: family,
      }),
  };
}

/** `fetch` is looked up per call unless given, so a test or a polyfill can replace the global. */
export function createClients(header: (name: HeaderName) => string, fetch?: Fetch): Clients {
  const send: Fetch = fetch ?? ((url, init) => globalThis.fetch(url, init));
  return { json: createClient('json', header, send), form: createClient('form', header, send) };
}
