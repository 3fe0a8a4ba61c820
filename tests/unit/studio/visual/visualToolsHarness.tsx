// The studio's visual tools over a screen's text, as the studio mounts them (a selection store, the
// document the text makes, no problems or manifest), for the tests that drive the outline and the
// panel. Each test gives its own editor stand-in: what it reads and what it records.
import { screen } from '@testing-library/react';
import { useMemo, useRef, useState, type RefObject } from 'react';
import { libraryOf } from '../../../../src/parts/library';
import type { EditorHandle } from '../../../../src/studio/editor/Editor';
import { createSelectionStore } from '../../../../src/studio/visual/selectionStore';
import { applyEdit } from '../../../../src/studio/visual/model/textEdits';
import { useVisualDoc } from '../../../../src/studio/visual/useVisualDoc';
import { VisualTools } from '../../../../src/studio/visual/VisualTools';

export const library = libraryOf({});

export function ToolsOver({
  id,
  text,
  editor,
  readOnly = false,
}: {
  id: string;
  text: string;
  editor: RefObject<EditorHandle | null>;
  readOnly?: boolean;
}) {
  const selection = useMemo(() => createSelectionStore(), []);
  const doc = useVisualDoc(id, text, library);
  if (!doc) return null;
  return (
    <VisualTools
      doc={doc}
      editor={editor}
      selection={selection}
      onSelect={selection.set}
      problems={[]}
      manifest={null}
      library={library}
      readOnly={readOnly}
    />
  );
}

/** The outline's row that shows `label`. */
export const row = (label: string) => screen.getByText(label).closest<HTMLElement>('[role="treeitem"]')!;

/**
 * The visual tools over a text the way the studio holds it: every edit applied to it, each text it
 * becomes recorded in `texts`, and the text shown (data-testid "text") for the tests to read.
 */
export function EditedTools({
  id,
  initial,
  texts = [],
  readOnly = false,
}: {
  id: string;
  initial: string;
  texts?: string[];
  readOnly?: boolean;
}) {
  const [text, setText] = useState(initial);
  const now = useRef(initial);
  const editor = useRef({
    text: () => now.current,
    place: () => undefined,
    apply: (e: { from: number; to: number; insert: string }) => {
      now.current = applyEdit(now.current, e);
      texts.push(now.current);
      setText(now.current);
    },
  } as unknown as EditorHandle);
  return (
    <>
      <ToolsOver id={id} text={text} editor={editor} readOnly={readOnly} />
      <pre data-testid="text">{text}</pre>
    </>
  );
}
