// The two clients of http.ts without axios, for the server's first draw (issue 26): the same
// requests on the wire and the same readings back, made straight over the Host's fetch. On the
// server axios's own work (merging its defaults into every request's config, its header objects,
// its transforms and interceptor chain, two instances built per page) was about a tenth of a drawn
// page's CPU. What axios contributes to a request is reproduced here rule by rule, and
// tests/unit/host/http.test.ts runs every client test against both and compares what each sends
// and reads for the same calls ("the server's clients send and read as axios's do"):
// - headers: axios's `Accept` default, then the marker, then the call's own (Content-Type,
//   Idempotency-Key), then the client's query-derived ones (set last, overriding); names are
//   case-insensitive, the first spelling kept (axios's `Content-Type` first of all); values as AxiosHeaders normalizes them (control
//   characters dropped, spaces and tabs trimmed); a POST/PUT/PATCH without a type is a form;
// - body: a string as given (a JSON body as axios's `stringifySafely` leaves it: trimmed), a
//   FormData with no type (the platform writes it with its boundary), none with GET/HEAD;
// - back: the reply's text, parsed as JSON when it parses (axios's silent JSON parsing), read as
//   the family's envelope; 5xx, no envelope, a timeout, a cancel or no network each reject with
//   the TransportError reason axios's path gives.
// The phone keeps axios (http.ts): the lender's spec names it; this is the server's path only.
import type { ApiResult } from '../../renderer/host';
import { readEnvelope } from './families';
import type { Fetch } from './fetchAdapter';
import {
  CLIENT_HEADERS,
  FORM_TYPE,
  HTTP_TIMEOUT_MS,
  TransportError,
  type ClientKind,
  type Clients,
  type HttpRequest,
  type ReadingClient,
} from './http';
import type { HeaderName } from './session';

/** axios's `headers.common.Accept` default (axios/lib/defaults/index.js). */
const AXIOS_ACCEPT = 'application/json, text/plain, */*';

// AxiosHeaders' value normalization (axios/lib/helpers/sanitizeHeaderValue.js).
// eslint-disable-next-line no-control-regex
const INVALID_VALUE_CHARS = /[\u0000-\u0008\u000a-\u001f\u007f]+/g;
const headerValue = (value: unknown): string =>
  String(value)
    .replace(INVALID_VALUE_CHARS, '')
    .replace(/^[\t ]+|[\t ]+$/g, '');

/** Header names case-insensitive, the first spelling kept, later values overriding (AxiosHeaders.set). */
class HeaderBag {
  // axios's defaults hold `'Content-Type': undefined`, which fixes that spelling before any call's.
  private readonly names = new Map<string, string>([['content-type', 'Content-Type']]);
  private readonly values = new Map<string, string>();
  set(name: string, value: unknown): void {
    if (value === undefined || value === null || value === false) return;
    const key = name.trim().toLowerCase();
    if (!this.names.has(key)) this.names.set(key, name.trim());
    this.values.set(key, headerValue(value));
  }
  has(name: string): boolean {
    return this.values.has(name.toLowerCase());
  }
  get(name: string): string | undefined {
    return this.values.get(name.toLowerCase());
  }
  delete(name: string): void {
    this.values.delete(name.toLowerCase());
  }
  toObject(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, value] of this.values) out[this.names.get(key)!] = value;
    return out;
  }
}

/** axios's `stringifySafely` for a string body typed JSON: trimmed when it parses, quoted when not. */
function jsonBody(text: string): string {
  try {
    JSON.parse(text);
    return text.trim();
  } catch {
    return JSON.stringify(text);
  }
}

/** axios's silent JSON parsing of a text reply. */
function parsed(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function createDirectClient(
  kind: ClientKind,
  header: (name: HeaderName) => string,
  fetch: Fetch,
): ReadingClient {
  return {
    request: ({ method, url, body, headers: own, signal, timeoutMs, family }: HttpRequest) =>
      new Promise<ApiResult>((resolve, reject) => {
        if (signal.aborted) return reject(new TransportError('aborted'));
        const headers = new HeaderBag();
        headers.set('Accept', AXIOS_ACCEPT);
        headers.set('X-Requested-With', 'XMLHttpRequest');
        for (const [name, value] of Object.entries(own ?? {})) headers.set(name, value);
        for (const name of CLIENT_HEADERS[kind]) headers.set(name, header(name));
        const verb = method.toUpperCase();
        if ((verb === 'POST' || verb === 'PUT' || verb === 'PATCH') && !headers.has('Content-Type'))
          headers.set('Content-Type', FORM_TYPE);
        let sent: BodyInit | undefined;
        if (verb !== 'GET' && verb !== 'HEAD' && body !== undefined) {
          if (typeof body === 'string')
            sent = headers.get('Content-Type')?.includes('application/json') ? jsonBody(body) : body;
          else {
            headers.delete('Content-Type');
            sent = body;
          }
        }
        const controller = new AbortController();
        let timer: ReturnType<typeof setTimeout> | undefined;
        let settled = false;
        const fail = (reason: string) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal.removeEventListener('abort', cancel);
          controller.abort();
          reject(new TransportError(reason));
        };
        const cancel = () => fail('aborted');
        signal.addEventListener('abort', cancel);
        const deadline = timeoutMs ?? HTTP_TIMEOUT_MS;
        if (deadline) timer = setTimeout(() => fail('timeout'), deadline);
        fetch(url, {
          method: verb,
          headers: headers.toObject(),
          body: sent,
          signal: controller.signal,
          credentials: 'same-origin',
        })
          .then(async (reply) => {
            const text = await reply.text();
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            signal.removeEventListener('abort', cancel);
            if (reply.status >= 500) return reject(new TransportError(`HTTP ${reply.status}`));
            const read = readEnvelope(family, parsed(text));
            if (!read) return reject(new TransportError('not an envelope'));
            resolve(read);
          })
          .catch(() => fail('offline'));
      }),
  };
}

/** The clients of `createClients` (http.ts), without axios: the server's first draw. */
export function createDirectClients(header: (name: HeaderName) => string, fetch?: Fetch): Clients {
  const send: Fetch = fetch ?? ((url, init) => globalThis.fetch(url, init));
  return { json: createDirectClient('json', header, send), form: createDirectClient('form', header, send) };
}
