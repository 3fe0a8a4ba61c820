// Issue 25 speed: a selection changes the rows whose mark changes and nothing else of the outline.
// Before, every selection re-rendered every row and re-registered its drag and drop, which took
// and gave back each row's `draggable` attribute: a style change of the whole tree per selection
// (with the studio's own re-render, about half of bench:studio's select → panel time).
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { EditorHandle } from '../../../../src/studio/editor/Editor';
import { row, ToolsOver } from './visualToolsHarness';

const TEXT = `${JSON.stringify(
  { id: 'rows', body: ['First', 'Second', 'Third', 'Fourth'].map((text) => ({ type: 'text', text })) },
  null,
  2,
)}\n`;
Element.prototype.scrollIntoView = () => {};

function Harness() {
  const editor = useRef({ text: () => TEXT, place: () => undefined } as unknown as EditorHandle);
  return <ToolsOver id="rows" text={TEXT} editor={editor} />;
}

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
