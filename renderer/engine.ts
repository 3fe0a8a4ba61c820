// The engine's shared context: what every block and action of one screen instance can reach.
import { createContext, useContext } from 'react';
import type { Host } from './host';
import type { Store, ScreenState } from './store/store';
import type { ScreenDocument } from './types.gen';
import { evaluate, type EvalEnv, type ReadListener, type Scope } from './expr/evaluate';
import { readPath } from './expr/path';
import type { TimerController } from './timers';
import type { LangRuntime } from './lang/types';
import type { Capabilities } from './lang/requires';
import type { AppearWatcher } from './lang/appear';

export interface Engine {
  screenId: string;
  doc: ScreenDocument;
  host: Host;
  store: Store;
  timers: TimerController;
  /** Aborted when the screen goes away: pending calls and delays settle at once. */
  signal: AbortSignal;
  /** What this engine and its host can do, for `requires` (renderer/lang/requires.ts). */
  capabilities?: Capabilities;
  /** Computed values and triggers, when the document declares them (renderer/lang/runtime.ts). */
  lang?: LangRuntime;
  /** onAppear: the blocks that have appeared in this page view, and the watcher (made on first use). */
  appear?: AppearWatcher;
  /** The http(s) addresses the server sent this screen: the only off-site pages it may open. */
  vouched: Set<string>;
}

/** A block's or action's place in the tree: list-item variables and the item's own state key. */
export interface Frame {
  vars: Readonly<Record<string, unknown>>;
  localKey?: string;
}

export const ROOT_FRAME: Frame = { vars: {} };

export const EngineContext = createContext<Engine | null>(null);

export function useEngine(): Engine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useEngine outside a Screen');
  return engine;
}

// One shared empty object, so a block that reads `local` as a whole sees the same value each time.
const NO_LOCAL: Readonly<Record<string, unknown>> = Object.freeze({});

export function scopeOf(state: ScreenState, frame: Frame, host: Host, lang?: LangRuntime): Scope {
  return {
    params: state.params,
    data: state.data,
    form: state.form,
    ui: state.ui,
    vars: state.vars ?? NO_LOCAL,
    computed: lang ? lang.computed(state) : NO_LOCAL,
    timers: state.timers,
    config: host.config,
    env: host.env,
    local: (frame.localKey && state.locals[frame.localKey]) || NO_LOCAL,
    ...frame.vars,
  };
}

/** What an expression of this engine is evaluated with: the scope, the app's formats and clock. */
export function evalEnv(
  engine: Engine,
  frame: Frame,
  state = engine.store.get(),
  onRead?: ReadListener,
): EvalEnv {
  const { host } = engine;
  return {
    scope: scopeOf(state, frame, host, engine.lang),
    format: host.format,
    onRead,
    now: () => host.now(),
  };
}

export function evalIn(
  engine: Engine,
  frame: Frame,
  expr: unknown,
  state = engine.store.get(),
  onRead?: ReadListener,
): unknown {
  return evaluate(expr, evalEnv(engine, frame, state, onRead));
}

const PLACEHOLDER = /\{([^{}]*)\}/g;
const KEY = /^[A-Za-z0-9_$-]+$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Fills the `{item.code}` segments of a state path from the list-item variables, so a form whose
 * fields come from the server can bind each one under its own key (form.fields.{item.code}).
 * Null when a placeholder does not give one plain key (missing, an object, a dot, a prototype name):
 * such a binding reads nothing and writes nowhere.
 */
export function resolveStatePath(path: string, frame: Frame): string | null {
  if (!path.includes('{')) return path;
  let ok = true;
  const resolved = path.replace(PLACEHOLDER, (_match, inner: string) => {
    const value = readPath(frame.vars, inner);
    const key =
      typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : '';
    if (!KEY.test(key) || FORBIDDEN_KEYS.has(key)) ok = false;
    return key;
  });
  return ok && !/[{}]/.test(resolved) ? resolved : null;
}

/**
 * Maps a state path as written in a document (local.* and {placeholders} included) to its place in
 * the store; '' (reads nothing, writes nowhere) when a placeholder cannot be resolved.
 */
export function storePath(path: string, frame: Frame): string {
  const resolved = resolveStatePath(path, frame);
  if (resolved === null) return '';
  if (resolved.startsWith('local.'))
    return `locals.${frame.localKey ?? '_'}.${resolved.slice('local.'.length)}`;
  return resolved;
}
