// The host's axios adapter: one fetch per request, the reply's text handed back for axios's own
// response transform and status check. axios takes an adapter function as public config; its
// bundled fetch adapter carries upload/download progress, stream tracking, cookie and XSRF
// handling and environment probes that these clients never use (about 6 KB gzip of the first
// screen, issue 16 item 17), and the build leaves both of axios's browser adapters out
// (src/app/build/axiosAdapters.ts). The clients build complete URLs themselves (request.ts), so
// `baseURL` and `params` are not read here.
import {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The failure axios's own adapters give for each way a request can end without a reply. */
function failure(config: InternalAxiosRequestConfig, why: 'cancel' | 'timeout' | 'network', cause?: unknown) {
  if (why === 'cancel') return new CanceledError(undefined, undefined, config);
  if (why === 'timeout')
    return new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ETIMEDOUT, config);
  const error = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  error.cause = cause as Error;
  return error;
}

function outgoingHeaders(config: InternalAxiosRequestConfig): Record<string, string> {
  const headers = AxiosHeaders.from(config.headers);
  // The browser writes a multipart body's type itself, with its boundary.
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) headers.delete('Content-Type');
  return headers.toJSON(true) as Record<string, string>;
}

export function fetchAdapter(fetch: Fetch): AxiosAdapter {
  return (config) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      const controller = new AbortController();
      const signal = config.signal as AbortSignal | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onCancel);
      };
      // Settles at once, whatever the transport does with the abort (a body that never ends).
      const stop = (why: 'cancel' | 'timeout') => {
        done();
        controller.abort();
        reject(failure(config, why));
      };
      const onCancel = () => stop('cancel');
      if (signal?.aborted) return reject(failure(config, 'cancel'));
      signal?.addEventListener('abort', onCancel, { once: true });
      if (config.timeout) timer = setTimeout(() => stop('timeout'), config.timeout);
      const method = (config.method ?? 'get').toUpperCase();
      fetch(config.url ?? '', {
        method,
        headers: outgoingHeaders(config),
        body: method === 'GET' || method === 'HEAD' ? undefined : (config.data as BodyInit | undefined),
        signal: controller.signal,
        credentials: config.withCredentials ? 'include' : 'same-origin',
      })
        .then(async (reply) => {
          const data = await reply.text();
          const response: AxiosResponse = {
            data,
            status: reply.status,
            statusText: reply.statusText,
            headers: AxiosHeaders.from(Object.fromEntries(reply.headers)),
            config,
          };
          done();
          const valid = config.validateStatus ? config.validateStatus(reply.status) : true;
          if (valid) resolve(response);
          else {
            const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
            reject(
              new AxiosError(`Request failed with status code ${reply.status}`, code, config, null, response),
            );
          }
        })
        .catch((error: unknown) => {
          done();
          reject(failure(config, 'network', error));
        });
    });
}
