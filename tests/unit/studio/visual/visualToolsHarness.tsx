// The studio's visual tools over a screen's text, as the studio mounts them (a selection store, the
// document the text makes, no problems or manifest), for the tests that drive the outline and the
// panel. Each test gives its own editor stand-in: what it reads and what it records.
import { screen } from '@testing-library/react';
import { useMemo, type RefObject } from 'react';
import { libraryOf } from '../../../../src/parts/library';
import type { EditorHandle } from '../../../../src/studio/editor/Editor';
import { createSelectionStore } from '../../../../src/studio/visual/selectionStore';
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
