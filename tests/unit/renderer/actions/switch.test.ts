import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

const byStatus = {
  do: 'switch',
  on: { $: 'data.orderStatus' },
  cases: [
    { in: [170, 174, 180], then: [{ do: 'toast', text: 'repay' }] },
    { in: [200], then: [{ do: 'toast', text: 'settled' }] },
    { in: [174], then: [{ do: 'toast', text: 'never: the first match wins' }] },
  ],
  default: [{ do: 'toast', text: 'other' }],
};

describe('switch action', () => {
  it("matches '174' from the server with 174 in the document", async () => {
    const { host } = renderScreen(doc([], { state: { data: { orderStatus: '174' } }, onLoad: [byStatus] }));
    await waitFor(() => expect(host.log.toasts).toEqual([{ text: 'repay' }]));
  });

  it.each([
    [200, 'settled'],
    ['200', 'settled'],
    [21, 'other'],
    [null, 'other'],
    ['', 'other'],
  ])('status %j runs %s', async (orderStatus, expected) => {
    const h = harness({}, { initial: { data: { orderStatus } } });
    await h.run([byStatus]);
    expect(h.host.log.toasts).toEqual([{ text: expected }]);
  });

  it('case values may be expressions', async () => {
    const h = harness({}, { initial: { data: { status: 'x' } }, host: undefined });
    await h.run([
      {
        do: 'switch',
        on: { $: 'data.status' },
        cases: [{ in: [{ concat: ['', 'x'] }], then: [{ do: 'toast', text: 'matched' }] }],
      },
    ]);
    expect(h.host.log.toasts).toEqual([{ text: 'matched' }]);
  });

  it('no match and no default does nothing; a stop in a case ends the outer sequence', async () => {
    const h = harness({}, { initial: { data: { s: 1 } } });
    expect(
      await h.run([
        { do: 'switch', on: { $: 'data.s' }, cases: [{ in: [2] }] },
        { do: 'toast', text: 'on' },
      ]),
    ).toBe('done');
    expect(
      await h.run([
        { do: 'switch', on: { $: 'data.s' }, cases: [{ in: ['1'], then: [{ do: 'stop' }] }] },
        { do: 'toast', text: 'after stop' },
      ]),
    ).toBe('stop');
    expect(h.host.log.toasts).toEqual([{ text: 'on' }]);
  });
});
