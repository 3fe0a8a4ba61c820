// Countdowns declared in the document. State lives in the store (timers.<id>), so blocks
// re-render from it; the intervals live here and die with the screen.
import type { Store } from './store/store';

export interface TimerSpec {
  seconds: number;
  tickMs?: number;
}

export interface TimerController {
  start(id: string): boolean;
  stop(id: string): void;
  reset(id: string): void;
  isRunning(id: string): boolean;
  dispose(): void;
}

export function createTimers(
  store: Store,
  specs: Record<string, TimerSpec>,
  onEnd: (id: string) => void,
): TimerController {
  const handles = new Map<string, ReturnType<typeof setInterval>>();
  const idle = (id: string) => ({ remaining: specs[id]?.seconds ?? 0, running: false });
  store.update((s) => {
    for (const id of Object.keys(specs)) s.timers[id] = idle(id);
  });
  const clear = (id: string) => {
    const h = handles.get(id);
    if (h !== undefined) clearInterval(h);
    handles.delete(id);
  };
  const controller: TimerController = {
    start(id) {
      const spec = specs[id];
      if (!spec || handles.has(id)) return false;
      store.update((s) => {
        s.timers[id] = { remaining: spec.seconds, running: true };
      });
      handles.set(
        id,
        setInterval(() => {
          const left = (store.get().timers[id]?.remaining ?? 1) - 1;
          if (left > 0) {
            store.update((s) => {
              s.timers[id] = { remaining: left, running: true };
            });
            return;
          }
          controller.reset(id);
          onEnd(id);
        }, spec.tickMs ?? 1000),
      );
      return true;
    },
    stop(id) {
      clear(id);
      store.update((s) => {
        const t = s.timers[id];
        if (t) t.running = false;
      });
    },
    reset(id) {
      clear(id);
      store.update((s) => {
        s.timers[id] = idle(id);
      });
    },
    isRunning: (id) => handles.has(id),
    dispose() {
      for (const id of [...handles.keys()]) clear(id);
    },
  };
  return controller;
}
