// Countdowns declared in the document. State lives in the store (timers.<id>), so blocks
// re-render from it; the intervals live here and die with the screen. The remaining time is
// worked out from the clock (Host.now), not by counting interval callbacks, so a countdown whose
// webview was in the background (intervals throttled) still ends on time.
import type { Store } from './store/store';
import { toNumber } from './expr/values';

export interface TimerSpec {
  /** Ticks to count: a number, or an expression worked out each time the countdown starts. */
  seconds: unknown;
  tickMs?: number;
}

export interface TimerOptions {
  now?: () => number;
  /** Works out an expression `seconds` (omitted: such a countdown has no length). */
  evaluate?: (expr: unknown) => unknown;
  /** After each tick while it still counts. */
  onTick?: (id: string) => void;
}

export interface TimerController {
  start(id: string): boolean;
  /** Halts where it is (as stop always did). */
  stop(id: string): void;
  /** Goes on from where it was halted; a countdown never started starts. */
  resume(id: string): boolean;
  reset(id: string): void;
  isRunning(id: string): boolean;
  dispose(): void;
}

const MAX_TICKS = 86_400;

interface Run {
  handle: ReturnType<typeof setInterval>;
  startedAt: number;
  from: number;
}

export function createTimers(
  store: Store,
  specs: Record<string, TimerSpec>,
  onEnd: (id: string) => void,
  options: TimerOptions = {},
): TimerController {
  const now = options.now ?? Date.now;
  const runs = new Map<string, Run>();
  const halted = new Set<string>();
  const length = (id: string): number => {
    const seconds = specs[id]?.seconds;
    const value = typeof seconds === 'number' ? seconds : toNumber(options.evaluate?.(seconds));
    return Math.max(0, Math.min(MAX_TICKS, Math.trunc(value)));
  };
  const idle = (id: string) => ({ remaining: length(id), running: false });
  store.update((s) => {
    for (const id of Object.keys(specs)) s.timers[id] = idle(id);
  });
  const clear = (id: string) => {
    const run = runs.get(id);
    if (run) clearInterval(run.handle);
    runs.delete(id);
  };
  const finish = (id: string) => {
    controller.reset(id);
    onEnd(id);
  };
  const begin = (id: string, from: number) => {
    const tickMs = specs[id]?.tickMs ?? 1000;
    halted.delete(id);
    store.update((s) => {
      s.timers[id] = { remaining: from, running: true };
    });
    const run: Run = { startedAt: now(), from, handle: 0 as unknown as Run['handle'] };
    run.handle = setInterval(() => {
      // Rounded: an interval a millisecond early or late is still one tick.
      const left = run.from - Math.max(0, Math.round((now() - run.startedAt) / tickMs));
      if (left <= 0) return finish(id);
      if (left === store.get().timers[id]?.remaining) return;
      store.update((s) => {
        s.timers[id] = { remaining: left, running: true };
      });
      options.onTick?.(id);
    }, tickMs);
    runs.set(id, run);
  };
  const controller: TimerController = {
    start(id) {
      if (!specs[id] || runs.has(id)) return false;
      const from = length(id);
      if (from <= 0) finish(id);
      else begin(id, from);
      return true;
    },
    stop(id) {
      if (runs.has(id)) halted.add(id);
      clear(id);
      store.update((s) => {
        const t = s.timers[id];
        if (t) t.running = false;
      });
    },
    resume(id) {
      if (!specs[id] || runs.has(id)) return false;
      const left = store.get().timers[id]?.remaining ?? 0;
      if (!halted.has(id) || left <= 0) return controller.start(id);
      begin(id, left);
      return true;
    },
    reset(id) {
      clear(id);
      halted.delete(id);
      store.update((s) => {
        s.timers[id] = idle(id);
      });
    },
    isRunning: (id) => runs.has(id),
    dispose() {
      for (const id of [...runs.keys()]) clear(id);
    },
  };
  return controller;
}
