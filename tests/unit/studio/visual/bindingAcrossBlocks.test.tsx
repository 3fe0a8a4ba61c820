// Issue 25 item 2: the fixed/bound toggle belongs to one block's field. The panel keeps a field's
// component from one selection to the next when the next block has a field of the same name (issue
// 25 speed), and the toggle remembered the last fixed value it saw: choosing "Fixed" on a button
// whose label was bound wrote the label of the button selected before it.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditedTools, row } from './visualToolsHarness';

const TEXT = `${JSON.stringify(
  {
    id: 'pair',
    params: ['orderId'],
    body: [
      { type: 'button', id: 'first', label: 'Pay now' },
      { type: 'button', id: 'second', label: { $: 'params.orderId' } },
    ],
  },
  null,
  2,
)}\n`;
Element.prototype.scrollIntoView = () => {};

function Harness() {
  return <EditedTools id="pair" initial={TEXT} />;
}

const labelToggle = () => screen.getByRole('radiogroup', { name: /^Label: fixed or bound/ });

describe('the fixed/bound toggle, from one block to the next', () => {
  it('makes a bound label fixed as an empty text, not as the label of the block selected before', () => {
    render(<Harness />);
    fireEvent.click(row('Pay now'));
    expect(within(labelToggle()).getByRole('radio', { name: 'Fixed' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getAllByRole('treeitem').find((r) => r.textContent?.includes('params.orderId'))!);
    const fixed = within(labelToggle()).getByRole('radio', { name: 'Fixed' });
    expect(within(labelToggle()).getByRole('radio', { name: 'Bound' })).toHaveProperty('checked', true);
    fireEvent.click(fixed);
    const doc = JSON.parse(screen.getByTestId('text').textContent!) as { body: { label: unknown }[] };
    expect(doc.body[1]!.label).toBe('');
    expect(doc.body[0]!.label).toBe('Pay now');
  });
});
