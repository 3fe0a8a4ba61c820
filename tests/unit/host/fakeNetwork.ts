// A network for the HTTP clients under test: a fetch that records each request and answers from
// a script the way the platform's fetch does (a Response for any status, a TypeError when
// offline, an AbortError once the request's signal aborts). The clients' axios instances run
// the host's fetch adapter over it; status checks and body parsing are axios's own.

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: unknown;
  /** The request's abort signal: aborted when the caller gave up (its deadline or the screen's). */
  signal: AbortSignal | undefined;
}

export type Answer = { status?: number; body: unknown } | { fail: 'offline' } | { hang: true };

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/** Rejects when the signal aborts, like fetch does for a request under way. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(abortError()), { once: true });
    promise.then(resolve, reject);
  });
}

export function fakeNetwork(
  answer: (req: SentRequest) => Answer | Promise<Answer> = () => ({ body: { code: 0, data: {} } }),
) {
  const sent: SentRequest[] = [];
  const fetch = (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const req: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers,
      data: init.body ?? undefined,
      signal: init.signal ?? undefined,
    };
    sent.push(req);
    const reply = (async (): Promise<Response> => {
      const scripted = await answer(req);
      if ('hang' in scripted) return new Promise<Response>(() => undefined);
      if ('fail' in scripted) throw new TypeError('Failed to fetch');
      const text = typeof scripted.body === 'string' ? scripted.body : JSON.stringify(scripted.body);
      return new Response(text, {
        status: scripted.status ?? 200,
        headers: { 'content-type': typeof scripted.body === 'string' ? 'text/html' : 'application/json' },
      });
    })();
    return abortable(reply, init.signal ?? undefined);
  };
  return { fetch, sent };
}
