// The engine's shared context: what every block and action of one screen instance can reach.
import { createContext, useContext } from 'react';
import type { Host } from './host';
import type { Store, ScreenState } from './store/store';
import type { ScreenDocument } from './types.gen';
import { evaluate, type Scope } from './expr/evaluate';
import type { TimerController } from './timers';

export interface Engine {
  screenId: string;
  doc: ScreenDocument;
  host: Host;
  store: Store;
  timers: TimerController;
  /** Aborted when the screen goes away: pending calls and delays settle at once. */
  signal: AbortSignal;
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

export function scopeOf(state: ScreenState, frame: Frame, host: Host): Scope {
  return {
    params: state.params,
    data: state.data,
    form: state.form,
    ui: state.ui,
    timers: state.timers,
    config: host.config,
    env: host.env,
    local: (frame.localKey && state.locals[frame.localKey]) || {},
    ...frame.vars,
  };
}

export function evalIn(engine: Engine, frame: Frame, expr: unknown, state = engine.store.get()): unknown {
  return evaluate(expr, { scope: scopeOf(state, frame, engine.host), format: engine.host.format });
}

/** Maps a state path as written in a document (local.* included) to its place in the store. */
export function storePath(path: string, frame: Frame): string {
  if (path.startsWith('local.')) return `locals.${frame.localKey ?? '_'}.${path.slice('local.'.length)}`;
  return path;
}
