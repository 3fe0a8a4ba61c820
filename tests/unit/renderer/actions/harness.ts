// Builds an engine without rendering, to run action lists directly and inspect what they did.
import { runActions } from '../../../../renderer/runActions';
import type { Outcome } from '../../../../renderer/action';
import { ROOT_FRAME, type Engine, type Frame } from '../../../../renderer/engine';
import { createStore, type ScreenState } from '../../../../renderer/store/store';
import { createTimers, type TimerSpec } from '../../../../renderer/timers';
import type { ScreenDocument } from '../../../../renderer/types.gen';
import { createFakeHost, type FakeHost } from '../../../fixtures/fakeHost';
import { screenDoc } from '../../../fixtures/renderScreen';

export interface Harness {
  engine: Engine;
  host: FakeHost;
  state(): ScreenState;
  run(actions: unknown[], frame?: Frame): Promise<Outcome>;
  /** What unmounting the screen does to the engine. */
  unmount(): void;
}

/** A screen document from loosely typed test literals (the tests also feed it invalid parts). */
export function doc(body: unknown[] = [], extra: Record<string, unknown> = {}): ScreenDocument {
  return screenDoc(body, extra as Partial<ScreenDocument>);
}

export function harness(
  extra: Record<string, unknown> = {},
  options: { host?: FakeHost; initial?: Partial<ScreenState> } = {},
): Harness {
  const host = options.host ?? createFakeHost();
  const screen = doc([], extra);
  const controller = new AbortController();
  const store = createStore({ ...options.initial });
  const engine: Engine = {
    screenId: screen.id,
    doc: screen,
    host,
    store,
    signal: controller.signal,
    timers: null as never,
    vouched: new Set(),
  };
  engine.timers = createTimers(store, (screen.timers ?? {}) as Record<string, TimerSpec>, (id) => {
    void runActions(engine, screen.timers?.[id]?.onEnd, ROOT_FRAME, `/timers/${id}/onEnd`);
  });
  return {
    engine,
    host,
    state: () => store.get(),
    run: (actions, frame = ROOT_FRAME) => runActions(engine, actions, frame, '/onLoad'),
    unmount: () => {
      controller.abort();
      engine.timers.dispose();
    },
  };
}

/** A promise with its resolve handle, to hold a host answer until the test releases it. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets pending promise callbacks run (works with fake timers too). */
export async function flush(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
