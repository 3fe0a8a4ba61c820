// The screen's state: one immutable tree, changed only through immer recipes,
// read by React through useSyncExternalStore.
import { produce, type Draft } from 'immer';
import { writePath } from '../expr/path';

export interface ScreenState {
  params: Record<string, unknown>;
  data: Record<string, unknown>;
  form: Record<string, unknown>;
  ui: Record<string, unknown>;
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
  /** Sets a value at a dotted path such as form.phone or ui.stars. */
  set(path: string, value: unknown): void;
  subscribe(listener: () => void): () => void;
}

export function createStore(initial: Partial<ScreenState>): Store {
  let state: ScreenState = {
    params: {},
    data: {},
    form: {},
    ui: {},
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
      const next = writePath(state, path, value);
      if (next !== state) {
        state = next;
        emit();
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
