// Two-way binding of a form block to its state path (`bind`), local.* included.
import { useCallback } from 'react';
import { storePath, useEngine, type Frame } from '../../engine';
import { useStateAt } from '../../hooks';

export function useBinding(bind: string | undefined, frame: Frame): [unknown, (value: unknown) => void] {
  const engine = useEngine();
  const path = bind ? storePath(bind, frame) : '';
  const value = useStateAt(path);
  const set = useCallback(
    (next: unknown) => {
      if (path) engine.store.set(path, next);
    },
    [engine, path],
  );
  return [value, set];
}
