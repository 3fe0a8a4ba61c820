// Drag and drop in the phone, the studio's side (issue 25 item 4): a block dragged onto another in
// the phone's pick mode (frame/picker.ts) is moved before or after it, or inside it (first or
// last), as the outline's drag and drop moves it (structureOps.moveTo): one edit of the editor, so
// Ctrl+Z takes it back, with the moved block selected. The phone knows blocks by their place in
// the screen it was sent; the outline maps those places to where each block is written. The phone
// offers only what structureOps.phoneTargets allows; moveTo refuses the rest here again (the phone
// may show an older screen than the text's).
import { useCallback, type RefObject } from 'react';
import type { EditorHandle } from '../editor/Editor';
import { movable, moveTo, type Where } from './structureOps';
import type { VisualDoc } from './useVisualDoc';

export type PhoneMove = (from: string, to: string, where: Where) => void;

export function usePhoneMove(
  doc: VisualDoc | null,
  editor: RefObject<EditorHandle | null>,
  readOnly: boolean,
  select: (key: string | null) => void,
): PhoneMove {
  return useCallback(
    (from, to, where) => {
      const outline = doc?.outline;
      const text = editor.current?.text();
      if (readOnly || !outline || text === undefined) return;
      const a = outline.byKey.get(outline.keyOfExpanded(from) ?? '');
      const b = outline.byKey.get(outline.keyOfExpanded(to) ?? '');
      // A block written elsewhere (a part's, a base's) is not moved from here, as in the outline.
      if (!a || !b || !movable(a) || a.readOnly || b.readOnly) return;
      const change = moveTo(text, a, b, where);
      if (!change) return;
      editor.current?.apply(change.edit);
      select(change.select);
    },
    [doc, editor, readOnly, select],
  );
}
