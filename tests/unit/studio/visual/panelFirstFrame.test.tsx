// Issue 25 speed: a new selection's panel draws, in its first frame, the fields its height can
// show (PropertyPanel.tsx: each field placed at a lower bound of its top, 16 px below a group's
// label or a check box, 32 px below any other field; and 32 px more), marked busy, and the rest
// in the next frame; a panel scrolled down, and a change of the selected block, draw it whole at
// once. Before, every selection drew every field at once (a button's panel: thousands of pixels
// below what the panel shows, most of the time of a selection at 4× CPU).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorHandle } from '../../../../src/studio/editor/Editor';
import { row, ToolsOver } from './visualToolsHarness';

const textOf = (first: string) =>
  `${JSON.stringify(
    {
      id: 'rows',
      body: [first, 'Second'].map((text) => ({ type: 'text', text, align: 'center', bold: true })),
    },
    null,
    2,
  )}\n`;
Element.prototype.scrollIntoView = () => {};

/**
 * The panel is 140 px high: below its heading (20 px at least) its first frame draws the fields
 * placed above 120 + 32 px (PropertyPanel.tsx, `minPx`): a text block's text (bindable, with
 * help: at 0 px), variant (at 67) and id (at 107); its condition, at 159, waits. Before, 140 / 16
 * + 2 = 11 fields: all eight at once.
 */
const PANEL_PX = 140;
beforeAll(() =>
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('studio-properties') ? PANEL_PX : 0;
    },
  }),
);
// (jsdom's is Element's: HTMLElement's own goes)
afterAll(() => Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight'));

let setText: (text: string) => void = () => {};
function Harness() {
  const [text, set] = useState(textOf('First'));
  setText = set;
  const latest = useRef(text);
  latest.current = text;
  const editor = useRef({ text: () => latest.current, place: () => undefined } as unknown as EditorHandle);
  return <ToolsOver id="rows" text={text} editor={editor} />;
}

const panel = () => screen.getByRole('region', { name: 'Properties' });
const fields = () => panel().querySelectorAll('.studio-prop').length;

describe("a new selection's panel", () => {
  it('draws the fields in sight first, busy, and the rest in the next frame', async () => {
    render(<Harness />);
    fireEvent.click(row('First'));
    expect(screen.getByRole('heading', { name: /First/ })).toBeTruthy();
    expect(panel().getAttribute('aria-busy')).toBe('true');
    expect(fields()).toBe(3);
    // The first fields are the first of the whole panel: the text, then what is written.
    const first = [...panel().querySelectorAll<HTMLElement>('.studio-prop')].map((f) => f.dataset.field);
    await waitFor(() => expect(panel().hasAttribute('aria-busy')).toBe(false));
    const whole = [...panel().querySelectorAll<HTMLElement>('.studio-prop')].map((f) => f.dataset.field);
    expect(whole.length).toBeGreaterThan(3);
    expect(whole.slice(0, 3)).toEqual(first);
  });

  it('draws whole at once a change of the selected block, and a selection in a scrolled panel', async () => {
    render(<Harness />);
    fireEvent.click(row('First'));
    await waitFor(() => expect(panel().hasAttribute('aria-busy')).toBe(false));
    const all = fields();
    act(() => setText(textOf('First!')));
    expect(panel().hasAttribute('aria-busy')).toBe(false);
    expect(fields()).toBe(all);
    panel().scrollTop = 300;
    fireEvent.click(row('Second'));
    expect(screen.getByRole('heading', { name: /Second/ })).toBeTruthy();
    expect(panel().hasAttribute('aria-busy')).toBe(false);
    expect(fields()).toBe(all);
  });
});
