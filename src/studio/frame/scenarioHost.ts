// The Host of the studio's preview: calls are answered from the chosen scenario instead of a
// server, and everything the screen asks of the world (calls, bridge, navigation, toasts, storage
// writes...) is reported to the studio's log instead of happening. Nothing leaves the page.
import type { ApiCall, ApiResult, Host, KeyValueStorage, NativeEvent } from '../../../renderer/host';
import type { AppConfig } from '../../config/types';
import { createTrust } from '../../config/origins';
import { createFormat } from '../../host/format';
import type { Toaster } from '../../host/toast';
import { callKey, type LogEntry, type Scenario } from '../shared/protocol';

export type LogSink = (entry: Omit<LogEntry, 'seq' | 'at'>) => void;

export interface ScenarioHost extends Host {
  /** Fires a native event (iOS back, native close) as the app would. */
  emit(event: NativeEvent): void;
}

function queryText(query: Record<string, unknown> | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null);
  if (entries.length === 0) return '';
  return (
    '?' + entries.map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join('&')
  );
}

function scenarioStorage(
  scope: 'local' | 'session',
  seed: Record<string, string> | undefined,
  log: LogSink,
): KeyValueStorage {
  const map = new Map<string, string>(Object.entries(seed ?? {}));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem(key, value) {
      map.set(key, String(value));
      log({
        kind: 'storage',
        summary: `${scope} set ${key} = ${String(value)}`,
        detail: { scope, key, value },
      });
    },
    removeItem(key) {
      map.delete(key);
      log({ kind: 'storage', summary: `${scope} remove ${key}`, detail: { scope, key } });
    },
    keys: () => [...map.keys()],
  };
}

export function createScenarioHost(options: {
  scenario: Scenario | null;
  config: AppConfig;
  toaster: Toaster;
  log: LogSink;
}): ScenarioHost {
  const { scenario, config, toaster, log } = options;
  const listeners = new Map<NativeEvent, Set<() => boolean | void>>();
  const stores = {
    local: scenarioStorage('local', scenario?.storage?.local, log),
    session: scenarioStorage('session', scenario?.storage?.session, log),
  };

  async function request(call: ApiCall, signal: AbortSignal): Promise<ApiResult> {
    const key = callKey(call.api, call.method, call.path);
    const hide = call.loading ? toaster.loading(call.loading) : () => undefined;
    // A tick, so loading states and double-tap guards behave as they do against a server.
    await new Promise((resolve) => setTimeout(resolve, 30));
    hide();
    const found = scenario?.responses?.[key];
    const sent = {
      body: call.body,
      query: call.query,
      files: call.files ? Object.keys(call.files) : undefined,
    };
    if (signal.aborted) return { ok: false, network: true, message: 'Cancelled' };
    if (!found) {
      const message = `No scenario data for ${key}`;
      log({ kind: 'call', summary: key, detail: { sent, reply: null }, failed: true });
      if (call.toastFailure !== false) toaster.toast(message);
      return { ok: false, message };
    }
    const reply: ApiResult = { ...found, ok: found.ok !== false };
    log({ kind: 'call', summary: key, detail: { sent, reply }, failed: !reply.ok });
    if (!reply.ok && call.toastFailure !== false && reply.message) toaster.toast(reply.message);
    return structuredClone(reply);
  }

  return {
    request,
    async bridge(name, payload) {
      log({ kind: 'bridge', summary: name, detail: payload });
    },
    navigate(to, navigateOptions) {
      log({ kind: 'navigate', summary: to + queryText(navigateOptions.query), detail: navigateOptions });
    },
    // The studio preview is on the app's origin and follows the app's allowlist.
    trusts: createTrust(typeof location === 'undefined' ? 'http://localhost' : location.origin, config),
    back(fallback) {
      log({ kind: 'back', summary: fallback ? `back (else ${fallback})` : 'back' });
    },
    toast(text, ms) {
      toaster.toast(text, ms);
      log({ kind: 'toast', summary: text });
    },
    loading: (text) => toaster.loading(text),
    storage: (scope) => stores[scope],
    async clipboard(text) {
      log({ kind: 'copy', summary: text });
      return true;
    },
    format: createFormat(config),
    track(event, payload) {
      log({ kind: 'track', summary: event, detail: payload });
    },
    report(problem) {
      log({
        kind: 'problem',
        summary: `${problem.blockPath || '/'}: ${problem.message}`,
        detail: problem,
        failed: true,
      });
    },
    onNativeEvent(event, handler) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(handler);
      return () => listeners.get(event)?.delete(handler);
    },
    emit(event) {
      listeners.get(event)?.forEach((handler) => void handler());
    },
    geolocate: async () => ({ latitude: 14.5995, longitude: 120.9842 }),
    alert(text) {
      log({ kind: 'alert', summary: text });
    },
    now: () => Date.now(),
    config: Object.freeze({ ...config }),
    env: Object.freeze({
      platform: 'android',
      clientType: 'android',
      inApp: true,
      messagingBrowser: false,
      messagingApp: '',
    }),
  };
}
