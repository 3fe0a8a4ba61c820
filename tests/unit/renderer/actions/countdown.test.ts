import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const timers = { sms: { seconds: 60, onEnd: [{ do: 'toast', text: 'You can resend' }] } };

describe('countdown action', () => {
  it('starts a countdown the screen shows', async () => {
    renderScreen(
      doc([{ type: 'text', text: { t: '{timers.sms.remaining}s' } }], {
        timers,
        onLoad: [{ do: 'countdown', timer: 'sms', op: 'start' }],
      }),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByText('57s')).toBeTruthy();
  });

  it('starting a running countdown does nothing', async () => {
    const h = harness({ timers });
    await h.run([{ do: 'countdown', timer: 'sms', op: 'start' }]);
    await vi.advanceTimersByTimeAsync(10000);
    await h.run([{ do: 'countdown', timer: 'sms', op: 'start' }]);
    expect(h.state().timers.sms).toEqual({ remaining: 50, running: true });
  });

  it('stop pauses it and reset puts it back to the full time', async () => {
    const h = harness({ timers });
    await h.run([{ do: 'countdown', timer: 'sms', op: 'start' }]);
    await vi.advanceTimersByTimeAsync(5000);
    await h.run([{ do: 'countdown', timer: 'sms', op: 'stop' }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.state().timers.sms).toEqual({ remaining: 55, running: false });
    await h.run([{ do: 'countdown', timer: 'sms', op: 'reset' }]);
    expect(h.state().timers.sms).toEqual({ remaining: 60, running: false });
  });

  it('runs onEnd when it reaches zero', async () => {
    const h = harness({ timers });
    await h.run([{ do: 'countdown', timer: 'sms', op: 'start' }]);
    await vi.advanceTimersByTimeAsync(60000);
    expect(h.host.log.toasts).toEqual([{ text: 'You can resend' }]);
    expect(h.state().timers.sms).toEqual({ remaining: 60, running: false });
  });

  it('an undeclared timer is reported and stops the sequence', async () => {
    const h = harness({ timers });
    const outcome = await h.run([
      { do: 'countdown', timer: 'nope', op: 'start' },
      { do: 'toast', text: 'x' },
    ]);
    expect(outcome).toBe('stop');
    expect(h.host.log.problems[0]).toMatchObject({ code: 'unknown-timer' });
    expect(h.host.log.toasts).toEqual([]);
  });
});
