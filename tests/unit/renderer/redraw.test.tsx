// A block redraws when what it read changes, and only then: typing in one field of a long screen
// must not redraw every row and card on a cheap phone, and nothing that reads the field may go stale.
import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../fixtures/renderScreen';
import { createFakeHost } from '../../fixtures/fakeHost';

// Counts how often the screen evaluates the `money` format: once per drawn amount row.
function countingHost() {
  const host = createFakeHost();
  const format = host.format;
  const money = vi.fn();
  host.format = (name, value, arg) => {
    if (name === 'money') money();
    return format(name, value, arg);
  };
  return { host, money };
}

const amountRows = Array.from({ length: 30 }, (_, i) => ({
  type: 'text',
  text: { t: `Row ${i}: {data.amount|money}` },
}));

describe('redrawing on state changes', () => {
  it('typing in a field redraws what shows it, not the 30 rows that do not read it', async () => {
    const user = userEvent.setup();
    const { host, money } = countingHost();
    renderScreen(
      screenDoc(
        [
          { type: 'input', bind: 'form.name', label: 'Name' },
          { type: 'text', text: { t: 'Hello {form.name}' } },
          ...amountRows,
        ],
        {
          state: { data: { amount: 5000 } },
        },
      ),
      { host },
    );
    expect(screen.getByText('Row 29: money(5000)')).toBeTruthy();
    const drawnOnce = money.mock.calls.length;
    expect(drawnOnce).toBeGreaterThanOrEqual(30);

    await user.type(screen.getByLabelText('Name'), 'Ana');
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(money.mock.calls.length).toBe(drawnOnce);
  });

  it('the rows redraw when the value they show changes', async () => {
    const user = userEvent.setup();
    const { host, money } = countingHost();
    renderScreen(
      screenDoc(
        [
          {
            type: 'button',
            label: 'More',
            onTap: [{ do: 'set', path: 'data.amount', value: 7000 }],
          },
          ...amountRows,
        ],
        { state: { data: { amount: 5000 } } },
      ),
      { host },
    );
    const before = money.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByText('Row 0: money(7000)')).toBeTruthy();
    expect(screen.getByText('Row 29: money(7000)')).toBeTruthy();
    expect(money.mock.calls.length).toBeGreaterThanOrEqual(before + 30);
  });

  it('visible conditions, filters over the form and sibling state stay current', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc(
        [
          { type: 'input', bind: 'form.min', label: 'Minimum' },
          { type: 'text', text: 'Enter a minimum', visible: { '==': [{ $: 'form.min' }, ''] } },
          {
            type: 'repeat',
            // The filter's own item is not a state read; form.min inside it is.
            items: {
              filter: [
                { $: 'data.loans' },
                {
                  or: [
                    { '==': [{ $: 'form.min' }, ''] },
                    { '>=': [{ $: 'loan.amount' }, { $: 'form.min' }] },
                  ],
                },
                'loan',
              ],
            },
            children: [{ type: 'text', text: { t: 'Loan {item.amount}' } }],
          },
        ],
        {
          state: {
            form: { min: '' },
            data: { loans: [{ amount: 1000 }, { amount: 3000 }, { amount: 5000 }] },
          },
        },
      ),
    );
    expect(screen.getByText('Enter a minimum')).toBeTruthy();
    expect(screen.getAllByText(/^Loan /)).toHaveLength(3);

    await user.type(screen.getByLabelText('Minimum'), '3000');
    expect(screen.queryByText('Enter a minimum')).toBeNull();
    expect(screen.getAllByText(/^Loan /).map((e) => e.textContent)).toEqual(['Loan 3000', 'Loan 5000']);

    await user.clear(screen.getByLabelText('Minimum'));
    expect(screen.getByText('Enter a minimum')).toBeTruthy();
    expect(screen.getAllByText(/^Loan /)).toHaveLength(3);
  });

  it('a change made outside any event (a reply, a timer) reaches the blocks that read it', async () => {
    let reply: (value: { ok: true; data: unknown }) => void = () => undefined;
    renderScreen(
      screenDoc([{ type: 'text', text: { t: 'Status: {data.order.status}' } }], {
        // Optional: the body shows before the reply (a required source holds it back).
        sources: [{ do: 'call', api: 'v3', path: '/v3/order', into: 'data.order', optional: true }],
      }),
      { respond: () => new Promise((resolve) => (reply = resolve)) },
    );
    expect(screen.getByText('Status:')).toBeTruthy();
    await act(async () => reply({ ok: true, data: { status: 'Paid' } }));
    expect(screen.getByText('Status: Paid')).toBeTruthy();
  });
});
