import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const byStatus = {
  type: 'switch',
  on: { $: 'params.status' },
  cases: [
    {
      in: [174, 180],
      body: [
        { type: 'button', label: 'REPAY' },
        { type: 'button', label: 'Rollover Repayment', hint: 'Short of money?' },
      ],
    },
    { in: [170, 174], body: [{ type: 'button', label: 'Repayment' }] },
    { in: [200], body: [{ type: 'button', label: 'Borrow Again' }] },
  ],
  default: [{ type: 'text', text: 'Recommended products' }],
};

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('switch block', () => {
  it("matches '174' from the server against 174, and shows only the first matching case", () => {
    renderScreen(screenDoc([byStatus]), { params: { status: '174' } });
    expect(buttons()).toEqual(['REPAY', 'Rollover Repayment']);
    expect(screen.queryByText('Recommended products')).toBeNull();
  });

  it('picks the case for another value', () => {
    renderScreen(screenDoc([byStatus]), { params: { status: 200 } });
    expect(buttons()).toEqual(['Borrow Again']);
  });

  it.each([[21], ['151'], [null], [undefined], ['abc']])('shows the default for %j', (status) => {
    renderScreen(screenDoc([byStatus]), { params: { status } });
    expect(buttons()).toEqual([]);
    expect(screen.getByText('Recommended products')).toBeTruthy();
  });

  it('shows nothing when no case matches and there is no default', () => {
    const { default: _none, ...noDefault } = byStatus;
    const { container } = renderScreen(screenDoc([noDefault]), { params: { status: 21 } });
    expect(container.querySelector('main')?.textContent).toBe('');
  });

  it('evaluates case values, so a case can match a value from the state', () => {
    renderScreen(
      screenDoc([
        {
          type: 'switch',
          on: { $: 'params.a' },
          cases: [{ in: [{ $: 'params.b' }], body: [{ type: 'text', text: 'same' }] }],
        },
      ]),
      { params: { a: '7', b: 7 } },
    );
    expect(screen.getByText('same')).toBeTruthy();
  });
});
