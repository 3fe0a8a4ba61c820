// The timer additions of language 1.1: pause and resume, tick actions, a length from an
// expression, starting by itself after the sources, and time kept by the clock.
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../renderer/store/store';
import { createTimers } from '../../../renderer/timers';
import { renderScreen, screenDoc } from '../../fixtures/renderScreen';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('countdowns, second edition', () => {
  it('pause holds where it is, resume goes on from there; resume of one never started starts it', () => {
    const store = createStore({});
    const timers = createTimers(store, { a: { seconds: 10 }, b: { seconds: 4 } }, () => undefined);
    timers.start('a');
    vi.advanceTimersByTime(3000);
    timers.stop('a');
    vi.advanceTimersByTime(5000);
    expect(store.get().timers.a).toEqual({ remaining: 7, running: false });
    expect(timers.resume('a')).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(store.get().timers.a).toEqual({ remaining: 5, running: true });
    expect(timers.resume('a')).toBe(false);
    timers.resume('b');
    expect(store.get().timers.b).toEqual({ remaining: 4, running: true });
  });

  it('keeps time by the clock: a throttled background interval still ends on time', () => {
    const ended: string[] = [];
    const store = createStore({});
    const timers = createTimers(store, { a: { seconds: 10 } }, (id) => ended.push(id));
    timers.start('a');
    // The webview was in the background: the clock moved 8 s, no interval ran.
    vi.setSystemTime(Date.now() + 8000);
    vi.advanceTimersByTime(1000);
    expect(store.get().timers.a!.remaining).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(ended).toEqual(['a']);
  });

  it('runs onTick after each tick but the last, and onEnd at the end', async () => {
    const { host } = renderScreen(
      screenDoc([], {
        timers: {
          t: {
            seconds: 3,
            onTick: [{ do: 'track', event: 'tick', payload: { left: { $: 'timers.t.remaining' } } }],
            onEnd: [{ do: 'toast', text: 'end' }],
          },
        },
        onLoad: [{ do: 'countdown', timer: 't', op: 'start' }],
      } as never),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(host.log.tracked.map((t) => t.payload?.left)).toEqual([2, 1]);
    expect(host.log.toasts).toEqual([{ text: 'end' }]);
  });

  it('takes its length from an expression when it starts, and starts by itself after the sources', async () => {
    renderScreen(
      screenDoc([{ type: 'text', text: { t: 'Offer ends in {timers.offer.remaining}s' } }], {
        sources: [{ do: 'call', api: 'v3', path: '/v3/offer', into: 'data.offer' }],
        timers: { offer: { seconds: { $: 'data.offer.secondsLeft' }, autoStart: true } },
      } as never),
      { respond: () => ({ ok: true, data: { secondsLeft: '90' } }) },
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.getByText('Offer ends in 88s')).toBeTruthy();
  });

  it('a length of 0 or less (an offer already over) ends at once', async () => {
    const { host } = renderScreen(
      screenDoc([], {
        state: { data: { left: -5 } },
        timers: { offer: { seconds: { $: 'data.left' }, onEnd: [{ do: 'toast', text: 'over' }] } },
        onLoad: [{ do: 'countdown', timer: 'offer', op: 'start' }],
      } as never),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(host.log.toasts).toEqual([{ text: 'over' }]);
  });

  it('the countdown action pauses and resumes', async () => {
    renderScreen(
      screenDoc(
        [
          { type: 'text', text: { t: '{timers.t.remaining}' } },
          { type: 'button', label: 'Pause', onTap: [{ do: 'countdown', timer: 't', op: 'pause' }] },
          { type: 'button', label: 'Resume', onTap: [{ do: 'countdown', timer: 't', op: 'resume' }] },
        ],
        { timers: { t: { seconds: 30 } }, onLoad: [{ do: 'countdown', timer: 't', op: 'start' }] } as never,
      ),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await act(async () => screen.getByRole('button', { name: 'Pause' }).click());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByText('28')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Resume' }).click());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByText('25')).toBeTruthy();
  });
});
