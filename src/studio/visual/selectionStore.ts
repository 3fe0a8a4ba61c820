// The selection of the visual tools (issue 25 item 1) as a small store outside React's state, so a
// selection made in the outline, the phone or the text re-renders only what shows it: the rows
// whose selected mark changes, the toolbar and property panel (VisualTools), the phone's outline
// (Preview). Before, it was the studio's state and each selection re-rendered the whole studio
// (the editor, both panels, every outline row), about 60 ms of render and a layout of the whole
// page per selection at 4× CPU (issue 25 speed, bench:studio).
import { useCallback, useSyncExternalStore } from 'react';

export interface SelectionStore {
  /** The selected node's key in the outline, or null. */
  get(): string | null;
  set(key: string | null): void;
  subscribe(listener: () => void): () => void;
}

export function createSelectionStore(initial: string | null = null): SelectionStore {
  let selected = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => selected,
    set(key) {
      if (key === selected) return;
      selected = key;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The selected key; the component re-renders when it changes. */
export function useSelected(store: SelectionStore): string | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Whether `key` is selected; the component re-renders only when that changes. */
export function useIsSelected(store: SelectionStore, key: string): boolean {
  const is = useCallback(() => store.get() === key, [store, key]);
  return useSyncExternalStore(store.subscribe, is, is);
}
