import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../renderer/store/store';
import { createTimers } from '../../../renderer/timers';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const store = createStore({});
  const ended: string[] = [];
  const timers = createTimers(store, { sms: { seconds: 3 }, fast: { seconds: 2, tickMs: 100 } }, (id) =>
    ended.push(id),
  );
  return { store, timers, ended, state: (id: string) => store.get().timers[id] };
}

describe('countdown timers', () => {
  it('start idle at their full time', () => {
    const { state } = setup();
    expect(state('sms')).toEqual({ remaining: 3, running: false });
    expect(state('fast')).toEqual({ remaining: 2, running: false });
  });

  it('count down each tick, then reset and report the end once', () => {
    const { timers, state, ended } = setup();
    expect(timers.start('sms')).toBe(true);
    expect(state('sms')).toEqual({ remaining: 3, running: true });
    expect(timers.isRunning('sms')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(state('sms')).toEqual({ remaining: 2, running: true });
    vi.advanceTimersByTime(1000);
    expect(state('sms')).toEqual({ remaining: 1, running: true });
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(state('sms')).toEqual({ remaining: 3, running: false });
    expect(ended).toEqual(['sms']);
    expect(timers.isRunning('sms')).toBe(false);
    vi.advanceTimersByTime(10000);
    expect(ended).toEqual(['sms']);
  });

  it('honour their tick length', () => {
    const { timers, state, ended } = setup();
    timers.start('fast');
    vi.advanceTimersByTime(100);
    expect(state('fast')!.remaining).toBe(1);
    vi.advanceTimersByTime(100);
    expect(ended).toEqual(['fast']);
  });

  it('ignore a start while running', () => {
    const { timers, state } = setup();
    timers.start('sms');
    vi.advanceTimersByTime(1000);
    expect(timers.start('sms')).toBe(false);
    expect(state('sms')!.remaining).toBe(2);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('stop pauses and a later start begins from the full time', () => {
    const { timers, state } = setup();
    timers.start('sms');
    vi.advanceTimersByTime(1000);
    timers.stop('sms');
    vi.advanceTimersByTime(5000);
    expect(state('sms')).toEqual({ remaining: 2, running: false });
    timers.start('sms');
    expect(state('sms')).toEqual({ remaining: 3, running: true });
  });

  it('reset returns to the full time, stopped', () => {
    const { timers, state, ended } = setup();
    timers.start('sms');
    vi.advanceTimersByTime(2000);
    timers.reset('sms');
    expect(state('sms')).toEqual({ remaining: 3, running: false });
    vi.advanceTimersByTime(5000);
    expect(ended).toEqual([]);
  });

  it('unknown ids do nothing', () => {
    const { timers, store } = setup();
    const before = store.get();
    expect(timers.start('nope')).toBe(false);
    timers.stop('nope');
    expect(store.get().timers.nope).toBeUndefined();
    expect(store.get().timers.sms).toBe(before.timers.sms);
  });

  it('dispose stops every interval (the screen went away)', () => {
    const { timers, ended } = setup();
    timers.start('sms');
    timers.start('fast');
    expect(vi.getTimerCount()).toBe(2);
    timers.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10000);
    expect(ended).toEqual([]);
  });
});
