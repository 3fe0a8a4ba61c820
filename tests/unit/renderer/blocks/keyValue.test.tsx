import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const rowsOf = () =>
  screen.queryAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

describe('keyValue block', () => {
  it('shows label/value rows from server data', () => {
    renderScreen(screenDoc([{ type: 'keyValue', rows: { $: 'params.detail' } }]), {
      params: {
        detail: [
          { text: 'Loan amount', value: '₱1,000.00' },
          { text: 'Term', value: 91 },
        ],
      },
    });
    expect(rowsOf()).toEqual([
      ['Loan amount', '₱1,000.00'],
      ['Term', '91'],
    ]);
  });

  it.each([[null], [undefined], ['rows'], [42], [{ text: 'a', value: 'b' }]])(
    'renders nothing for rows %j, without a crash',
    (detail) => {
      const { container, host } = renderScreen(
        screenDoc([{ type: 'keyValue', rows: { $: 'params.detail' } }]),
        {
          params: { detail },
        },
      );
      expect(container.querySelector('dl')).toBeNull();
      expect(host.log.problems).toEqual([]);
    },
  );

  it('skips entries that are not objects and shows missing fields as empty', () => {
    const { host } = renderScreen(screenDoc([{ type: 'keyValue', rows: { $: 'params.detail' } }]), {
      params: { detail: [null, 'x', 3, ['a'], { text: 'Fee' }, { value: 5 }, { text: 'Rate', value: '1%' }] },
    });
    expect(rowsOf()).toEqual([
      ['Fee', ''],
      ['', '5'],
      ['Rate', '1%'],
    ]);
    expect(host.log.problems).toEqual([]);
  });

  it('reads other field names and applies a value format through the host', () => {
    renderScreen(
      screenDoc([
        {
          type: 'keyValue',
          rows: { $: 'params.plan' },
          labelKey: 'title',
          valueKey: 'amount',
          valueFormat: 'amount',
        },
      ]),
      { params: { plan: [{ title: 'Period 1', amount: 123456 }, { title: 'Period 2' }] } },
    );
    expect(rowsOf()).toEqual([
      ['Period 1', 'amount(123456)'],
      ['Period 2', ''],
    ]);
  });

  it('shows fixed items with expressions, and server HTML as text', () => {
    const { container } = renderScreen(
      screenDoc([
        {
          type: 'keyValue',
          items: [
            { label: 'Product', value: { $: 'params.name' } },
            { label: 'Total', value: { t: '₱{params.total}' } },
          ],
        },
      ]),
      { params: { name: '<script>alert(1)</script>', total: '10.00' } },
    );
    expect(rowsOf()).toEqual([
      ['Product', '<script>alert(1)</script>'],
      ['Total', '₱10.00'],
    ]);
    expect(container.querySelector('script')).toBeNull();
  });
});
