// One selection for the outline, the phone and the text (issue 25 item 1): a choice in the
// outline or the phone moves the text's cursor to where the block is written, and the cursor
// moved in the text selects the block it is in. The selection is the node's key in the outline
// (where it is written); the phone knows blocks by their place in the screen it was sent.
import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import type { EditorHandle } from '../editor/Editor';
import { keyAtOffset, offsetOf } from './model/selection';
import { parseText } from './model/textEdits';
import type { VisualDoc } from './useVisualDoc';

export interface Selection {
  selected: string | null;
  /** Selects from the outline or the phone: the text's cursor follows. */
  select(key: string | null): void;
  /** The phone's pick: a place in the screen it shows. */
  pick(path: string): void;
  /** The text's cursor moved (typing or a click there). */
  cursor(offset: number): void;
  /** The selection's place and type in the phone's screen. */
  inPhone: { path: string; type: string } | null;
}

export function useSelection(
  doc: VisualDoc | null,
  editor: RefObject<EditorHandle | null>,
  fileKey: string,
): Selection {
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => setSelected(null), [fileKey]);
  const outline = doc?.outline ?? null;

  const select = useCallback(
    (key: string | null) => {
      setSelected(key);
      const node = key === null ? null : outline?.byKey.get(key);
      if (!node?.pointer || !doc || !editor.current) return;
      const text = editor.current.text();
      const at = offsetOf(parseText(text), doc.value, node.pointer);
      if (at !== null) editor.current.place(at);
    },
    [outline, doc, editor],
  );

  const pick = useCallback(
    (path: string) => {
      const key = outline?.keyOfExpanded(path) ?? null;
      if (key !== null) select(key);
    },
    [outline, select],
  );

  const cursor = useCallback(
    (offset: number) => {
      const text = editor.current?.text();
      if (!outline || text === undefined) return;
      const key = keyAtOffset(parseText(text), outline, offset);
      if (key !== null) setSelected(key);
    },
    [outline, editor],
  );

  const inPhone = useMemo(() => {
    const node = selected === null ? null : outline?.byKey.get(selected);
    const path = node ? outline?.expandedOf(node.key)[0] : undefined;
    return node && path !== undefined ? { path, type: node.type ?? node.kind } : null;
  }, [selected, outline]);

  return { selected, select, pick, cursor, inPhone };
}
