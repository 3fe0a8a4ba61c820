import { describe, expect, it } from 'vitest';
import { harness } from './harness';

describe('track action', () => {
  it('records the event with its evaluated fields', async () => {
    const h = harness({}, { initial: { params: { productId: 'p7' } } });
    await h.run([
      {
        do: 'track',
        event: 'recommend_click',
        payload: { productId: { $: 'params.productId' }, positionId: 2 },
      },
      { do: 'track', event: 'page_open' },
    ]);
    expect(h.host.log.tracked).toEqual([
      { event: 'recommend_click', payload: { productId: 'p7', positionId: 2 } },
      { event: 'page_open' },
    ]);
  });

  it('a failing tracker is reported and never stops the borrower', async () => {
    const h = harness();
    h.host.track = () => {
      throw new Error('tracker down');
    };
    const outcome = await h.run([
      { do: 'track', event: 'x' },
      { do: 'navigate', to: '/repay' },
    ]);
    expect(outcome).toBe('done');
    expect(h.host.log.navigations).toHaveLength(1);
    expect(h.host.log.problems).toEqual([
      expect.objectContaining({ code: 'track-failed', message: 'tracker down' }),
    ]);
  });
});
