// Host.request: the shared helpers of spec §7.1 over the family table. Every call settles
// (ruling 2): offline, timeout, HTTP 5xx and a body that is not a JSON object come back as
// { ok: false, network: true } with the family's network toast; any loading toast closes.
// The clients (http.ts) read the reply as the family's envelope; this adds toasts and loading.
import type { ApiCall, ApiResult } from '../../renderer/host';
import { API_PATH } from '../../renderer/url';
import { familyOf, type Family } from './families';
import { fieldText } from './fields';
import { FORM_TYPE, HTTP_TIMEOUT_MS, type Clients } from './http';

/** What came back over the wire, before the family reads it. */
type Reply = { kind: 'read'; result: ApiResult } | { kind: 'network'; reason: string } | { kind: 'aborted' };

/** How long a prefetched reply waits for the screen that asked for it. */
export const PREFETCH_TTL_MS = 10_000;

export interface RequesterDeps {
  clients: Clients;
  commonParams(): Record<string, string>;
  toast(text: string): void;
  loading(text: string): () => void;
  now?(): number;
}

export interface Requester {
  request(call: ApiCall, signal: AbortSignal): Promise<ApiResult>;
  /** Starts a call now; the first identical request() within PREFETCH_TTL_MS gets its reply. */
  prefetch(call: ApiCall): void;
}

function addFields(target: URLSearchParams | FormData, fields: Record<string, unknown> | undefined): void {
  for (const [key, value] of Object.entries(fields ?? {})) {
    const text = fieldText(value);
    if (text !== undefined) target.set(key, text);
  }
}

export function endpointUrl(family: Family, call: ApiCall, common: Record<string, string>): string {
  const prefix = family.prefix;
  const path =
    prefix && call.path !== prefix && !call.path.startsWith(`${prefix}/`) ? prefix + call.path : call.path;
  const query = new URLSearchParams();
  addFields(query, common);
  addFields(query, call.query);
  if (call.method === 'GET') addFields(query, call.body);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

function requestBody(
  family: Family,
  call: ApiCall,
): { body?: string | FormData; headers?: Record<string, string> } {
  if (call.method === 'GET') return {};
  if (call.files && Object.keys(call.files).length > 0) {
    const form = new FormData();
    addFields(form, call.body);
    for (const [field, file] of Object.entries(call.files)) {
      if (file instanceof File) form.set(field, file, file.name);
      else form.set(field, file);
    }
    // No content type: the browser writes it, with the boundary.
    return { body: form };
  }
  if (family.client === 'form') {
    const form = new URLSearchParams();
    addFields(form, call.body);
    return { body: form.toString(), headers: { 'Content-Type': FORM_TYPE } };
  }
  return { body: JSON.stringify(call.body ?? {}), headers: { 'Content-Type': 'application/json' } };
}

/** Writes carry the user action's key (docs/api.md "Idempotency keys"): the server does each once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

function withKey(call: ApiCall, headers: Record<string, string> | undefined) {
  if (!call.idempotencyKey || call.method === 'GET') return headers;
  return { ...headers, [IDEMPOTENCY_HEADER]: call.idempotencyKey };
}

/** Settles when the signal aborts, whatever the wrapped promise does. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, aborted: T): Promise<T> {
  if (signal.aborted) return Promise.resolve(aborted);
  return new Promise<T>((resolve) => {
    const onAbort = () => resolve(aborted);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve(aborted);
      },
    );
  });
}

function stable(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

/** Identical calls (family, method, path, body, query) share a key; uploads never do. */
export function callKey(call: ApiCall): string | null {
  if (call.files && Object.keys(call.files).length > 0) return null;
  return [call.api, call.method, call.path, stable(call.body ?? {}), stable(call.query ?? {})].join(' ');
}

export function createRequester(deps: RequesterDeps): Requester {
  const now = deps.now ?? Date.now;
  const prefetched = new Map<string, { reply: Promise<Reply>; at: number }>();

  async function send(family: Family, call: ApiCall, signal: AbortSignal): Promise<Reply> {
    const timeoutMs = call.timeoutMs ?? HTTP_TIMEOUT_MS;
    // Our own deadline and abort, so a transport that ignores both still settles.
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const { body, headers } = requestBody(family, call);
      const exchange: Promise<Reply> = deps.clients[family.client]
        .request({
          method: call.method,
          url: endpointUrl(family, call, deps.commonParams()),
          signal: controller.signal,
          timeoutMs,
          family,
          body,
          headers: withKey(call, headers),
        })
        .then(
          (result): Reply => ({ kind: 'read', result }),
          (error: unknown): Reply => ({
            kind: 'network',
            reason: error instanceof Error ? error.message : String(error),
          }),
        );
      const reply = await untilAborted<Reply>(exchange, controller.signal, { kind: 'aborted' });
      if (reply.kind === 'aborted' && !signal.aborted) return { kind: 'network', reason: 'timeout' };
      return reply;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  function takePrefetched(call: ApiCall): Promise<Reply> | null {
    const key = callKey(call);
    const hit = key ? prefetched.get(key) : undefined;
    if (!key || !hit) return null;
    prefetched.delete(key);
    return now() - hit.at <= PREFETCH_TTL_MS ? hit.reply : null;
  }

  function settle(family: Family, call: ApiCall, reply: Reply): ApiResult {
    if (reply.kind === 'aborted') return { ok: false, network: true, message: 'aborted' };
    const wantToast = call.toastFailure ?? true;
    if (reply.kind === 'network') {
      if (wantToast) deps.toast(family.networkMessage);
      return { ok: false, network: true, message: family.networkMessage };
    }
    const { result } = reply;
    const message = result.message ?? '';
    if (!result.ok && message.trim() !== '' && (call.toastFailure ?? family.toastFailure))
      deps.toast(message);
    return result;
  }

  return {
    async request(call, signal) {
      const family = familyOf(call.api);
      if (!family) return { ok: false, message: `Unknown API family "${call.api}"` };
      // Our own server only (issue 20 §4): `//evil.example/x` would carry the common query off-site.
      if (!API_PATH.test(call.path))
        return { ok: false, message: `Refused the API path ${JSON.stringify(call.path)}` };
      const hide = call.loading ? deps.loading(call.loading) : undefined;
      try {
        const pending = takePrefetched(call);
        const reply = pending
          ? await untilAborted<Reply>(pending, signal, { kind: 'aborted' })
          : await send(family, call, signal);
        return settle(family, call, signal.aborted ? { kind: 'aborted' } : reply);
      } catch (error) {
        // Nothing above should throw; if it does, the call still settles.
        return settle(family, call, { kind: 'network', reason: String(error) });
      } finally {
        hide?.();
      }
    },
    prefetch(call) {
      const family = familyOf(call.api);
      const key = callKey(call);
      if (!family || !key || !API_PATH.test(call.path)) return;
      for (const [k, entry] of prefetched) if (now() - entry.at > PREFETCH_TTL_MS) prefetched.delete(k);
      if (prefetched.has(key)) return;
      prefetched.set(key, { reply: send(family, call, new AbortController().signal), at: now() });
    },
  };
}
