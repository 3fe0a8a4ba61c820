// Hooks blocks use to read state and run actions.
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useEngine, evalIn, scopeOf, type Engine, type Frame } from './engine';
import type { ScreenState } from './store/store';
import { runActions } from './runActions';
import type { Outcome } from './action';
import { newUserAction } from './userAction';
import { readPath } from './expr/path';
import type { Scope } from './expr/evaluate';

/** The value at a store path (form.phone, timers); redraws only when that value changes. */
export function useStateAt(path: string): unknown {
  const { store } = useEngine();
  const read = useCallback(() => (path ? readPath(store.get(), path) : undefined), [store, path]);
  return useSyncExternalStore(store.subscribe, read, read);
}

/** What one block has read of the state, and what it found, as of its last draw. */
interface Reads {
  frame: Frame;
  found: Map<string, unknown>;
  /** Notes one read; made once per block, since every evaluation during a draw passes it. */
  record: (path: string, value: unknown) => void;
  seen: ScreenState | null;
  version: number;
}

// The scope names that are screen state, and where each lives in the store. Every other name a
// block reads (config, env, a list item) can only change with the block's own props.
const STATE_ROOTS = new Map<string, keyof ScreenState>([
  ['params', 'params'],
  ['data', 'data'],
  ['form', 'form'],
  ['ui', 'ui'],
  ['vars', 'vars'],
  ['timers', 'timers'],
  ['local', 'locals'],
]);

// Compares what the block read with the new state, keeps the new values, and says whether any moved.
// The state is immutable: an unchanged part is the very same value, so most checks stop at the root.
function moved(reads: Reads, before: ScreenState | null, state: ScreenState, engine: Engine): boolean {
  let scope: Scope | undefined;
  let any = false;
  for (const [path, seen] of reads.found) {
    const dot = path.indexOf('.');
    const name = dot < 0 ? path : path.slice(0, dot);
    // Computed values may read any part of the state: always asked again (each is memoised).
    const derived = name === 'computed';
    const root = STATE_ROOTS.get(name);
    if ((!root && !derived) || Object.prototype.hasOwnProperty.call(reads.frame.vars, name)) continue;
    if (root && before && before[root] === state[root]) continue;
    scope ??= scopeOf(state, reads.frame, engine.host, engine.lang);
    const now = readPath(scope, path);
    if (!Object.is(now, seen)) {
      reads.found.set(path, now);
      any = true;
    }
  }
  return any;
}

/**
 * Evaluates expressions against the current state and this block's frame. The block redraws only
 * when a path one of its expressions read changes: a keystroke in one field redraws that field and
 * what shows it, not the whole screen.
 */
export function useEval(frame: Frame): (expr: unknown) => unknown {
  const engine = useEngine();
  const [reads] = useState<Reads>(() => {
    const found = new Map<string, unknown>();
    return { frame, found, record: (path, value) => found.set(path, value), seen: null, version: 0 };
  });
  reads.frame = frame;
  const version = useCallback(() => {
    const state = engine.store.get();
    if (state !== reads.seen) {
      const before = reads.seen;
      reads.seen = state;
      if (moved(reads, before, state, engine)) reads.version++;
    }
    return reads.version;
  }, [engine, reads]);
  const drawn = useSyncExternalStore(engine.store.subscribe, version, version);
  // No state captured: evalIn reads the store when called, so a handler acts on what is there now.
  return useCallback(
    (expr: unknown) => evalIn(engine, frame, expr, undefined, reads.record),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `drawn` renews the function when a read moved, for memos and effects keyed on it
    [engine, frame, reads, drawn],
  );
}

/**
 * Returns a trigger that runs an action list, and whether it is running. While it runs,
 * another trigger is ignored (a double tap on Pay sends one request) unless `allowRepeat`.
 */
export function useActionTrigger(
  actions: unknown,
  path: string,
  frame: Frame,
  allowRepeat = false,
): [(vars?: Record<string, unknown>) => Promise<Outcome | undefined>, boolean] {
  const engine = useEngine();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const trigger = useCallback(
    async (vars?: Record<string, unknown>) => {
      if (running.current && !allowRepeat) return undefined;
      running.current = true;
      setBusy(true);
      try {
        const f = vars ? { ...frame, vars: { ...frame.vars, ...vars } } : frame;
        // Each trigger is a new user action: its writes get new idempotency keys.
        return await runActions(engine, actions, f, path, newUserAction());
      } finally {
        running.current = false;
        if (!engine.signal.aborted) setBusy(false);
      }
    },
    [engine, actions, path, frame, allowRepeat],
  );
  return [trigger, busy];
}
