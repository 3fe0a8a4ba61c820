// The host's axios adapter: one fetch per request, the reply's text handed back for axios's own
// response transform; the status check runs `validateStatus` as axios's adapters do. axios takes
// an adapter function as public config; its bundled fetch adapter carries upload/download
// progress, stream tracking, cookie and XSRF handling and environment probes that these clients
// never use (5.2 KB gzip of the first screen, issue 16 item 17), and the build leaves both of
// axios's browser adapters out (src/app/build/axiosAdapters.ts). The clients build complete URLs
// (request.ts), so `baseURL` and `params` are not read here.
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError, AxiosHeaders, CanceledError } from './axiosCore';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

function outgoingHeaders({ headers, data }: InternalAxiosRequestConfig): Record<string, string> {
  // axios types any POST body it gets untyped as a URL-encoded form; a multipart body's type is
  // the browser's to write, with its boundary.
  if (typeof FormData !== 'undefined' && data instanceof FormData) headers.delete('Content-Type');
  return headers.toJSON(true) as Record<string, string>;
}

/** Ends as axios's own adapters do: CanceledError, ETIMEDOUT, ERR_NETWORK, or the status check's error. */
export function fetchAdapter(fetch: Fetch): AxiosAdapter {
  return (config) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      const signal = config.signal as AbortSignal | undefined;
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      // A failure settles at once, whatever the transport does with the abort (a body that never ends).
      const end = (error?: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        if (!error) return;
        controller.abort();
        reject(error);
      };
      const cancel = () => end(new CanceledError(undefined, undefined, config));
      if (signal?.aborted) return cancel();
      signal?.addEventListener('abort', cancel);
      if (config.timeout)
        timer = setTimeout(
          () => end(new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ETIMEDOUT, config)),
          config.timeout,
        );
      // axios has lower-cased the method and defaulted it to get.
      const method = (config.method ?? 'get').toUpperCase();
      fetch(config.url ?? '', {
        method,
        headers: outgoingHeaders(config),
        body: method === 'GET' || method === 'HEAD' ? undefined : (config.data as BodyInit | undefined),
        signal: controller.signal,
        credentials: config.withCredentials ? 'include' : 'same-origin',
      })
        .then(async (reply) => {
          const { status } = reply;
          const response: AxiosResponse = {
            data: await reply.text(),
            status,
            statusText: reply.statusText,
            headers: AxiosHeaders.from(reply.headers as never),
            config,
          };
          end();
          if (!config.validateStatus || config.validateStatus(status)) resolve(response);
          else {
            const code = status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE;
            reject(new AxiosError(`Request failed with status code ${status}`, code, config, null, response));
          }
        })
        .catch((cause: unknown) => {
          const error = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
          error.cause = cause as Error;
          end(error);
        });
    });
}
