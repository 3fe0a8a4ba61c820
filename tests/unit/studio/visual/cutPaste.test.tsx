// Issue 25 (the outline's structure keys): Cut (Ctrl+X) and Paste (Ctrl+V) move a block as the toolbar's buttons do: the
// keys are refused where the buttons are (a read-only studio cuts nothing), and a block cut is
// dropped when the text changes, so a delete above it cannot make Ctrl+V move another block.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditedTools, row } from './visualToolsHarness';

const TEXT = `${JSON.stringify(
  {
    id: 'moves',
    body: ['First', 'Second', 'Third'].map((text) => ({ type: 'text', text })),
  },
  null,
  2,
)}\n`;
// jsdom lays nothing out: the outline's keeping its selected row in view is not this test's.
Element.prototype.scrollIntoView = () => {};

function Harness({ readOnly, texts }: { readOnly: boolean; texts: string[] }) {
  return <EditedTools id="moves" initial={TEXT} texts={texts} readOnly={readOnly} />;
}

const press = (label: string, key: string, mod = {}) => {
  fireEvent.click(row(label));
  fireEvent.keyDown(row(label), { key, ...mod });
};
const order = (text: string) => (JSON.parse(text).body as { text: string }[]).map((b) => b.text);

describe('cut and paste in the outline', () => {
  it('a read-only studio cuts nothing with Ctrl+X, as its Cut button is disabled', () => {
    render(<Harness readOnly texts={[]} />);
    fireEvent.click(row('Second'));
    expect((screen.getByRole('button', { name: 'Cut' }) as HTMLButtonElement).disabled).toBe(true);
    press('Second', 'x', { ctrlKey: true });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('moves the block cut before the one selected', () => {
    const texts: string[] = [];
    render(<Harness readOnly={false} texts={texts} />);
    press('Third', 'x', { ctrlKey: true });
    expect(screen.getByRole('status').textContent).toMatch(/Moving text Third/);
    press('First', 'v', { ctrlKey: true });
    expect(order(texts.at(-1)!)).toEqual(['Third', 'First', 'Second']);
  });

  it('drops the block cut when the text changes: Ctrl+V then moves nothing', () => {
    const texts: string[] = [];
    render(<Harness readOnly={false} texts={texts} />);
    press('Second', 'x', { ctrlKey: true });
    press('First', 'Delete');
    expect(order(texts.at(-1)!)).toEqual(['Second', 'Third']);
    expect(screen.queryByRole('status')).toBeNull();
    press('Second', 'v', { ctrlKey: true });
    expect(texts).toHaveLength(1);
  });
});
