// Issue 25 speed: a selection changes the rows whose mark changes and nothing else of the outline.
// Before, every selection re-rendered every row and re-registered its drag and drop, which took
// and gave back each row's `draggable` attribute: a style change of the whole tree per selection
// (with the studio's own re-render, about half of bench:studio's select → panel time).
import { fireEvent, render, screen } from '@testing-library/react';
import { useMemo, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { libraryOf } from '../../../../src/parts/library';
import type { EditorHandle } from '../../../../src/studio/editor/Editor';
import { createSelectionStore } from '../../../../src/studio/visual/selectionStore';
import { useVisualDoc } from '../../../../src/studio/visual/useVisualDoc';
import { VisualTools } from '../../../../src/studio/visual/VisualTools';

const TEXT = `${JSON.stringify(
  { id: 'rows', body: ['First', 'Second', 'Third', 'Fourth'].map((text) => ({ type: 'text', text })) },
  null,
  2,
)}\n`;
const library = libraryOf({});
Element.prototype.scrollIntoView = () => {};

function Harness() {
  const selection = useMemo(() => createSelectionStore(), []);
  const editor = useRef({ text: () => TEXT, place: () => undefined } as unknown as EditorHandle);
  const doc = useVisualDoc('rows', TEXT, library);
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
      readOnly={false}
    />
  );
}

const row = (label: string) => screen.getByText(label).closest<HTMLElement>('[role="treeitem"]')!;

describe('a selection in the outline', () => {
  it('changes the two rows whose selected mark changes, and no other row', () => {
    render(<Harness />);
    fireEvent.click(row('First'));
    const tree = screen.getByRole('tree');
    const changed = new Set<Node>();
    const observer = new MutationObserver((records) => records.forEach((r) => changed.add(r.target)));
    observer.observe(tree, { attributes: true, childList: true, subtree: true });
    fireEvent.click(row('Third'));
    const records = observer.takeRecords();
    observer.disconnect();
    records.forEach((r) => changed.add(r.target));
    expect(row('Third').getAttribute('aria-selected')).toBe('true');
    expect([...changed].map((n) => (n as HTMLElement).textContent).sort()).toEqual([
      '¶text First',
      '¶text Third',
    ]);
    // The panel shows the selection.
    expect(screen.getByRole('heading', { name: /Third/ })).toBeTruthy();
  });
});
