// Issue 25 speed: the panel's long lists (a binding's paths, a condition's suggestions) are drawn
// when they can be used. Until then a binding's select holds its value alone (it shows nothing
// else closed); focus or a pointer press draws every path at once, before the list opens or a key
// moves in it; and the first idle moment draws them anyway, so every option is there a moment
// after the panel is drawn (for a script that picks an option without opening the list, or a
// screen reader's browse mode).
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BindingSelect } from '../../../../src/studio/visual/BindingSelect';
import { ConditionField } from '../../../../src/studio/visual/ConditionField';

const GROUPS = [
  { label: 'This screen', paths: ['params.orderId', 'data.order.h5Url'] },
  { label: 'Configuration', paths: ['config.serviceEmail'] },
];
const ALL = ['', 'params.orderId', 'data.order.h5Url', 'config.serviceEmail'];

const optionsOf = (el: HTMLElement) => [...el.querySelectorAll('option')].map((o) => o.value);

function Reads({ value }: { value: string }) {
  return (
    <BindingSelect label="Reads" value={value} groups={GROUPS} placeholder="Choose" onChange={() => {}} />
  );
}

describe('the long lists of the panel', () => {
  it('hold their value alone when drawn, and every path once focused', () => {
    render(<Reads value="data.order.h5Url" />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Reads' });
    expect(optionsOf(select)).toEqual(['', 'data.order.h5Url']);
    expect(select.value).toBe('data.order.h5Url');
    fireEvent.focus(select);
    // At once, in the focus's own task: the first arrow key already moves among all of them.
    expect(optionsOf(select)).toEqual(ALL);
    expect(select.value).toBe('data.order.h5Url');
    expect(
      select.querySelector('optgroup[label="This screen"] option[value="data.order.h5Url"]'),
    ).not.toBeNull();
  });

  it('draws every path on a pointer press (the mouse opens the list on it)', () => {
    render(<Reads value="" />);
    const select = screen.getByRole('combobox', { name: 'Reads' });
    expect(optionsOf(select)).toEqual(['']);
    fireEvent.pointerDown(select);
    expect(optionsOf(select)).toEqual(ALL);
  });

  it('draws every path at the first idle moment, and keeps a path not listed', async () => {
    render(<Reads value="vars.gone" />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Reads' });
    expect(optionsOf(select)).toEqual(['', 'vars.gone']);
    await waitFor(() => expect(optionsOf(select)).toEqual(['', 'vars.gone', ...ALL.slice(1)]));
    expect(select.value).toBe('vars.gone');
  });

  it("fills a condition's suggestions when a field box is focused", () => {
    render(
      <ConditionField
        id="c"
        label="Visible"
        value={{ '==': [{ $: 'params.orderId' }, '1'] }}
        paths={['params.orderId', 'data.order.h5Url']}
        onValue={() => {}}
        expression={() => null}
      />,
    );
    const field = screen.getByRole('combobox', { name: 'Visible row 1 field' });
    const list = document.getElementById(field.getAttribute('list')!)!;
    expect(optionsOf(list)).toEqual([]);
    fireEvent.focus(field);
    expect(optionsOf(list)).toEqual(['params.orderId', 'data.order.h5Url']);
  });
});
