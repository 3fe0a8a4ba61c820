// Starts a screen's on-load calls (`sources`) at the same time as its document is fetched. The
// calls are evaluated exactly as the engine's call action will evaluate them when the screen
// mounts, so the host's request() hands that action the reply already in flight (same family,
// method, path, body and query). The screen's x-lazy blocks and actions start downloading too.
// A table that no longer matches the server's document costs at most one unused read.
import type { ApiCall, Host } from '../../renderer/host';
import { ROOT_FRAME, scopeOf } from '../../renderer/engine';
import { evaluate, evaluateBody, evaluateFields, OPERATOR_NAMES } from '../../renderer/expr/evaluate';
import { isTruthy } from '../../renderer/expr/values';
import { preloadLazy, type LazyNames } from '../../renderer/lazy';
import type { ScreenState } from '../../renderer/store/store';
import type { AppHost } from '../host/createHost';

export interface SourcesEntry {
  sources?: unknown[];
  state?: unknown;
  lazy?: LazyNames;
}

type Section = 'ui' | 'form' | 'data';

function section(state: unknown, name: Section): Record<string, unknown> {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[name] : undefined;
  return value && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
}

// Before the language's lazy part is loaded only the core operators are known: a call of anything
// else ({"round": [...]}) or a read of vars.* or computed.* gives another body than the screen's.
function usesLanguage(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(usesLanguage);
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' && /(^|\{)(vars|computed)\./.test(value);
  const keys = Object.keys(value);
  const only = keys.length === 1 ? keys[0]! : '';
  const inner = (value as Record<string, unknown>)[only];
  if (only && Array.isArray(inner) && !OPERATOR_NAMES.includes(only)) return true;
  return keys.some((k) => usesLanguage((value as Record<string, unknown>)[k]));
}

/** The calls a screen will make on load, given its params; calls with files or a false `when` are left out. */
export function sourceCalls(
  entry: SourcesEntry | undefined,
  params: Record<string, unknown>,
  host: Pick<Host, 'config' | 'env' | 'format'>,
): ApiCall[] {
  if (!entry) return [];
  const state: ScreenState = {
    params,
    ui: section(entry.state, 'ui'),
    form: section(entry.state, 'form'),
    data: section(entry.state, 'data'),
    vars: {},
    timers: {},
    modals: [],
    locals: {},
    busy: {},
  };
  const env = { scope: scopeOf(state, ROOT_FRAME, host as Host), format: host.format };
  const calls: ApiCall[] = [];
  for (const raw of entry.sources ?? []) {
    if (!raw || typeof raw !== 'object') continue;
    const action = raw as Record<string, unknown>;
    if (action.do !== 'call' || typeof action.api !== 'string' || typeof action.path !== 'string') continue;
    if (action.files) continue;
    // Variables, computed values and library functions are not worked out before the screen
    // mounts: such a call could not match the one the screen makes, so it is not started early.
    if (usesLanguage(action)) continue;
    if ('when' in action && !isTruthy(evaluate(action.when, env))) continue;
    const call: ApiCall = {
      api: action.api,
      method: action.method === 'GET' ? 'GET' : 'POST',
      path: action.path,
      body: evaluateBody(action.body, env),
      query: evaluateFields(action.query, env),
    };
    if (typeof action.timeoutMs === 'number') call.timeoutMs = action.timeoutMs;
    calls.push(call);
  }
  return calls;
}

/** AppServices.prefetch over a table of screen id -> sources (virtual:screen-sources in the app). */
export function createPrefetch(
  host: Pick<AppHost, 'requester' | 'config' | 'env' | 'format'>,
  table: Record<string, SourcesEntry>,
) {
  return (screenId: string, params: Record<string, unknown>): void => {
    const entry = Object.prototype.hasOwnProperty.call(table, screenId) ? table[screenId] : undefined;
    void preloadLazy(entry?.lazy);
    for (const call of sourceCalls(entry, params, host)) host.requester.prefetch(call);
  };
}
