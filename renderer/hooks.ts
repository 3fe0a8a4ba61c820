// Hooks blocks use to read state and run actions.
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useEngine, evalIn, scopeOf, type Frame } from './engine';
import type { ScreenState } from './store/store';
import { runActions, type Outcome } from './action';
import type { Scope } from './expr/evaluate';

export function useScreenState(): ScreenState {
  const { store } = useEngine();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Evaluates expressions against the current state and this block's frame. */
export function useEval(frame: Frame): (expr: unknown) => unknown {
  const engine = useEngine();
  const state = useScreenState();
  return useCallback((expr: unknown) => evalIn(engine, frame, expr, state), [engine, frame, state]);
}

export function useScope(frame: Frame): Scope {
  const engine = useEngine();
  const state = useScreenState();
  return scopeOf(state, frame, engine.host);
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
        return await runActions(engine, actions, f, path);
      } finally {
        running.current = false;
        if (!engine.signal.aborted) setBusy(false);
      }
    },
    [engine, actions, path, frame, allowRepeat],
  );
  return [trigger, busy];
}
