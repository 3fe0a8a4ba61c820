// Issue 25 item 4: the keys of the phone's drops inside and the handle's drag of a container. In the
// outline, ← selects the block around the selected one (a container its children fill), Alt+→
// moves a block into the container above it (an empty one too) and Alt+← out of the one it is in;
// the toolbar's In and Out do the same.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditedTools, row } from './visualToolsHarness';

const TEXT = `${JSON.stringify(
  {
    id: 'nest',
    body: [
      { type: 'section', title: 'Card', children: [{ type: 'text', text: 'Inside' }] },
      { type: 'text', text: 'Below' },
    ],
  },
  null,
  2,
)}\n`;
Element.prototype.scrollIntoView = () => {};

function Harness({ texts }: { texts: string[] }) {
  return <EditedTools id="nest" initial={TEXT} texts={texts} />;
}

const selectedLabel = () =>
  screen.getByRole('treeitem', { selected: true }).querySelector('.studio-outline-label')?.textContent;

describe('the keys of drops inside and out', () => {
  it('← selects the container around the selected block', () => {
    render(<Harness texts={[]} />);
    fireEvent.click(row('Inside'));
    fireEvent.keyDown(row('Inside'), { key: 'ArrowLeft' });
    expect(selectedLabel()).toBe('Card');
  });

  it('Alt+→ moves a block into the container above it, at its end; Alt+← moves it out, after it', () => {
    const texts: string[] = [];
    render(<Harness texts={texts} />);
    fireEvent.click(row('Below'));
    fireEvent.keyDown(row('Below'), { key: 'ArrowRight', altKey: true });
    expect(JSON.parse(texts.at(-1)!).body[0].children.map((c: { text: string }) => c.text)).toEqual([
      'Inside',
      'Below',
    ]);
    expect(selectedLabel()).toBe('Below');
    fireEvent.keyDown(row('Below'), { key: 'ArrowLeft', altKey: true });
    expect(texts.at(-1)).toBe(TEXT);
  });

  it('the toolbar’s In and Out do the same', () => {
    const texts: string[] = [];
    render(<Harness texts={texts} />);
    fireEvent.click(row('Inside'));
    fireEvent.click(screen.getByRole('button', { name: 'Out' }));
    expect(JSON.parse(texts.at(-1)!).body.map((b: { type: string }) => b.type)).toEqual([
      'section',
      'text',
      'text',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'In' }));
    expect(texts.at(-1)).toBe(TEXT);
  });
});
