// The two HTTP clients of spec §7.1 (P-12..P-14): 60 s timeout, the XMLHttpRequest marker, only
// the body returned. The JSON client sends building and gather; the form client sends the
// form content type plus swift and eyes. Header values are read per request, so a refresh of the
// common parameters applies to the next call.
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { HeaderName } from './session';

export const HTTP_TIMEOUT_MS = 60_000;
export const FORM_TYPE = 'application/x-www-form-urlencoded';

export type ClientKind = 'json' | 'form';

/** A client that resolves with the response body only. */
export interface BodyClient {
  request(config: AxiosRequestConfig): Promise<unknown>;
}

export type Clients = Record<ClientKind, BodyClient>;

const CLIENT_HEADERS: Record<ClientKind, HeaderName[]> = {
  json: ['building', 'gather'],
  form: ['swift', 'eyes'],
};

function createClient(
  kind: ClientKind,
  header: (name: HeaderName) => string,
  adapter?: AxiosAdapter,
): BodyClient {
  const instance: AxiosInstance = axios.create({
    timeout: HTTP_TIMEOUT_MS,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(kind === 'form' ? { 'Content-Type': FORM_TYPE } : {}),
    },
    // A 4xx reply still carries the family's envelope (the server's message); 5xx is a failure.
    validateStatus: (status) => status >= 200 && status < 500,
    ...(adapter ? { adapter } : {}),
  });
  instance.interceptors.request.use((config) => {
    for (const name of CLIENT_HEADERS[kind]) config.headers.set(name, header(name));
    return config;
  });
  return {
    request: async (config) => (await instance.request<unknown>(config)).data,
  };
}

export function createClients(header: (name: HeaderName) => string, adapter?: AxiosAdapter): Clients {
  return { json: createClient('json', header, adapter), form: createClient('form', header, adapter) };
}
