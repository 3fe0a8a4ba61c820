// The screen's state: one immutable tree, changed only through immer recipes,
// read by React through useSyncExternalStore.
import { produce, type Draft } from 'immer';
import { writePath } from '../expr/path';

export interface ScreenState {
  params: Record<string, unknown>;
  data: Record<string, unknown>;
  form: Record<string, unknown>;
  ui: Record<string, unknown>;
  /** Typed variables (the document's `variables`); every write passes the store's guard. */
  vars: Record<string, unknown>;
  timers: Record<string, { remaining: number; running: boolean }>;
  modals: string[];
  /** Per list-item state, keyed by the item's scope key. */
  locals: Record<string, Record<string, unknown>>;
  /** Actions in flight, by lock name or trigger id. */
  busy: Record<string, boolean>;
}

export interface Store {
  get(): ScreenState;
  update(recipe: (draft: Draft<ScreenState>) => void): void;
  /**
   * Sets a value at a dotted path such as form.phone or ui.stars. False when a write to vars.* was
   * refused (an undeclared variable, or a value not of its type).
   */
  set(path: string, value: unknown): boolean;
  subscribe(listener: () => void): () => void;
}

export const REFUSED: unique symbol = Symbol('refused');

/**
 * Checks a write to vars.<name>[.more] against the current variables: the variable's whole new
 * value, or REFUSED.
 */
export type WriteGuard = (path: string, value: unknown, vars: Record<string, unknown>) => unknown;

export function createStore(initial: Partial<ScreenState>, guardVars?: WriteGuard): Store {
  let state: ScreenState = {
    params: {},
    data: {},
    form: {},
    ui: {},
    vars: {},
    timers: {},
    modals: [],
    locals: {},
    busy: {},
    ...initial,
  };
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => state,
    update(recipe) {
      const next = produce(state, recipe);
      if (next !== state) {
        state = next;
        emit();
      }
    },
    set(path, value) {
      let at = path;
      let v = value;
      if (guardVars && (path === 'vars' || path.startsWith('vars.'))) {
        v = guardVars(path, value, state.vars);
        if (v === REFUSED) return false;
        at = path.split('.', 2).join('.');
      }
      const next = writePath(state, at, v);
      if (next !== state) {
        state = next;
        emit();
      }
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
