// One selection for the outline, the phone and the text (issue 25 item 1): a choice in the
// outline or the phone moves the text's cursor to where the block is written, and the cursor
// moved in the text selects the block it is in. The selection is the node's key in the outline
// (where it is written); the phone knows blocks by their place in the screen it was sent.
// It lives in a store (selectionStore.ts): a selection re-renders what shows it, not the studio.
// The text's cursor follows a selection after the panel is painted (the editor's move and scroll
// are the slowest part of a selection, and the panel is what the person looks at), and the text
// is parsed once per version, not once per selection.
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { EditorHandle } from '../editor/Editor';
import { keyAtOffset, offsetOf } from './model/selection';
import { parseText, type ParsedText } from './model/textEdits';
import { createSelectionStore, type SelectionStore } from './selectionStore';
import type { VisualDoc } from './useVisualDoc';
import { afterPaint } from '../afterPaint';

/** The selection's place and type in the phone's screen. */
export type InPhone = { path: string; type: string } | null;

export interface Selection {
  store: SelectionStore;
  /** Selects from the outline or the phone: the text's cursor follows. */
  select(key: string | null): void;
  /** The phone's pick: a place in the screen it shows. */
  pick(path: string): void;
  /** The text's cursor moved (typing or a click there). */
  cursor(offset: number): void;
  /** The selection's place in the phone, as a store (Preview subscribes to it). */
  inPhone: { get(): InPhone; subscribe(listener: () => void): () => void };
}

export function useSelection(
  doc: VisualDoc | null,
  editor: RefObject<EditorHandle | null>,
  fileKey: string,
): Selection {
  const store = useMemo(() => createSelectionStore(), []);
  useEffect(() => store.set(null), [store, fileKey]);
  // The newest document, read when a selection is made (the callbacks stay the same).
  const latest = useRef(doc);
  latest.current = doc;
  const outline = doc?.outline ?? null;

  /** The text's parse tree, made once per version of the text (the visual document's, when it is that version). */
  const parsedCache = useRef<ParsedText | null>(null);
  const parsedOf = useCallback((text: string): ParsedText => {
    const known = parsedCache.current;
    if (known && known.text === text) return known;
    const own = latest.current?.parsed;
    return (parsedCache.current = own && own.text === text ? own : parseText(text));
  }, []);

  const pending = useRef<(() => void) | null>(null);
  const cancelFollow = () => {
    pending.current?.();
    pending.current = null;
  };

  const select = useCallback(
    (key: string | null) => {
      cancelFollow();
      store.set(key);
      if (key === null) return;
      pending.current = afterPaint(() => {
        pending.current = null;
        const current = latest.current;
        const node = current?.outline?.byKey.get(key);
        if (!node?.pointer || !current || !editor.current || store.get() !== key) return;
        const at = offsetOf(parsedOf(editor.current.text()), current.value, node.pointer);
        if (at !== null) editor.current.place(at);
      });
    },
    [store, editor, parsedOf],
  );
  useEffect(() => () => pending.current?.(), []);

  const pick = useCallback(
    (path: string) => {
      const key = latest.current?.outline?.keyOfExpanded(path) ?? null;
      if (key !== null) select(key);
    },
    [select],
  );

  const cursor = useCallback(
    (offset: number) => {
      const current = latest.current?.outline;
      const text = editor.current?.text();
      if (!current || text === undefined) return;
      // A person's move of the cursor wins over one still to follow a selection.
      cancelFollow();
      const key = keyAtOffset(parsedOf(text), current, offset);
      if (key !== null) store.set(key);
    },
    [store, editor, parsedOf],
  );

  const inPhone = useMemo(() => {
    let last: { key: string | null; value: InPhone } = { key: null, value: null };
    return {
      subscribe: store.subscribe,
      get(): InPhone {
        const key = store.get();
        if (key === last.key) return last.value;
        const node = key === null ? null : outline?.byKey.get(key);
        const path = node ? outline?.expandedOf(node.key)[0] : undefined;
        last = { key, value: node && path !== undefined ? { path, type: node.type ?? node.kind } : null };
        return last.value;
      },
    };
  }, [store, outline]);

  return { store, select, pick, cursor, inPhone };
}
