import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, flush, harness } from './harness';

afterEach(() => {
  vi.useRealTimers();
});

describe('delay action', () => {
  it('waits before the next action', async () => {
    vi.useFakeTimers();
    const h = harness();
    const running = h.run([
      { do: 'delay', ms: 1500 },
      { do: 'toast', text: 'later' },
    ]);
    await vi.advanceTimersByTimeAsync(1499);
    expect(h.host.log.toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await running).toBe('done');
    expect(h.host.log.toasts).toEqual([{ text: 'later' }]);
  });

  it('never waits longer than a minute', async () => {
    vi.useFakeTimers();
    const h = harness();
    const running = h.run([
      { do: 'delay', ms: 10_000_000 },
      { do: 'toast', text: 'later' },
    ]);
    await vi.advanceTimersByTimeAsync(60000);
    expect(await running).toBe('done');
    expect(h.host.log.toasts).toHaveLength(1);
  });

  it('settles at once with stop when the screen is unmounted', async () => {
    vi.useFakeTimers();
    const { host, unmount } = renderScreen(
      doc([], {
        onLoad: [
          { do: 'delay', ms: 5000 },
          { do: 'toast', text: 'too late' },
        ],
      }),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    unmount();
    await vi.advanceTimersByTimeAsync(10000);
    expect(host.log.toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves its promise on abort without waiting for the clock', async () => {
    const h = harness();
    let outcome: string | undefined;
    void h.run([{ do: 'delay', ms: 60000 }]).then((o) => (outcome = o));
    await flush();
    h.unmount();
    await flush();
    expect(outcome).toBe('stop');
  });
});
