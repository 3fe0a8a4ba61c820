// A network for the HTTP clients under test: an axios adapter that records each request and
// answers from a script, honouring validateStatus the way axios's own adapters do.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: unknown;
  timeout: number | undefined;
}

export type Answer = { status?: number; body: unknown } | { fail: 'offline' | 'timeout' } | { hang: true };

export function fakeNetwork(
  answer: (req: SentRequest) => Answer | Promise<Answer> = () => ({ body: { code: 0, data: {} } }),
) {
  const sent: SentRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
      if (value !== undefined && value !== null) headers[key.toLowerCase()] = String(value);
    }
    const req: SentRequest = {
      method: String(config.method).toUpperCase(),
      url: String(config.url),
      headers,
      data: config.data,
      timeout: config.timeout,
    };
    sent.push(req);
    const reply = await answer(req);
    if ('hang' in reply) return new Promise(() => undefined);
    if ('fail' in reply) {
      throw new AxiosError(
        reply.fail === 'timeout' ? 'timeout of 60000ms exceeded' : 'Network Error',
        reply.fail === 'timeout' ? 'ECONNABORTED' : 'ERR_NETWORK',
        config,
      );
    }
    const status = reply.status ?? 200;
    const response = {
      data: typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body),
      status,
      statusText: String(status),
      headers: { 'content-type': typeof reply.body === 'string' ? 'text/html' : 'application/json' },
      config,
    };
    if (config.validateStatus && !config.validateStatus(status)) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_RESPONSE',
        config,
        null,
        response,
      );
    }
    return response;
  };
  return { adapter, sent };
}
