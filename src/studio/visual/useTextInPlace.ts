// Text in place, the studio's side (issue 25 item 5): a double-click in the phone asks which text
// of the block is edited (model/inPlace.ts) and tells the phone to open its box over it, or why it
// cannot; the text typed comes back and is written as one edit of the editor (EditorHandle.apply),
// so the editor's undo takes it back like any other change. The block is the panel's (editTarget.ts):
// a base block (loan confirm's button from its part) or a block given to a part's slot is edited
// in place as in the panel, and written the same way (`writeAt`). The phone's frame draws the box
// (frame/textInPlace.ts).
import { useCallback, useRef, type RefObject } from 'react';
import type { EditorHandle } from '../editor/Editor';
import type { InPlaceMessage } from '../shared/protocol';
import { editTargetOf, writeAt, type EditTarget } from './editTarget';
import { textInPlace, writtenOf, type InPlace } from './model/inPlace';
import type { VisualDoc } from './useVisualDoc';

export interface TextInPlaceState {
  /**
   * A double-click in the phone on the block at `path` (the phone's pointer), on `shown`: what the
   * phone is told (the text to edit, or why it cannot be).
   */
  start(path: string, shown: string | undefined): InPlaceMessage;
  /** The phone's box closed: the text typed, or null when dropped. */
  finish(path: string, text: string | null): void;
}

export function useTextInPlace(
  doc: VisualDoc | null,
  editor: RefObject<EditorHandle | null>,
  readOnly: boolean,
): TextInPlaceState {
  /** The text being edited, by the phone's pointer of its block. */
  const open = useRef<{ path: string; block: EditTarget; text: Extract<InPlace, { ok: true }> } | null>(null);

  const start = useCallback(
    (path: string, shown: string | undefined): InPlaceMessage => {
      const refuse = (reason: string): InPlaceMessage => ({ type: 'studio:edit-refused', path, reason });
      open.current = null;
      if (readOnly) return refuse('Editing needs the editor or publisher role.');
      const outline = doc?.outline;
      const key = outline?.keyOfExpanded(path) ?? null;
      const node = key === null ? null : outline?.byKey.get(key);
      if (!doc || !node) return refuse('This block is not in the document being edited.');
      if (node.readOnly) return refuse(node.readOnly);
      const t = editTargetOf(doc, node);
      if (!t) return refuse('This block is written elsewhere: open it there to edit its text.');
      const found = textInPlace(doc.model, t.here, t.value, t.path, shown);
      if (!found.ok) return refuse(found.reason);
      open.current = { path, block: t, text: found };
      return { type: 'studio:edit-text', path, text: found.shown };
    },
    [doc, readOnly],
  );

  const finish = useCallback(
    (path: string, text: string | null) => {
      const target = open.current?.path === path ? open.current : null;
      open.current = null;
      if (!target || text === null || text === target.text.shown) return;
      const current = editor.current?.text();
      if (current === undefined) return;
      const edit = writeAt(target.block, current, target.text.path, writtenOf(target.text, text));
      if (edit) editor.current?.apply(edit);
    },
    [editor],
  );

  return { start, finish };
}
