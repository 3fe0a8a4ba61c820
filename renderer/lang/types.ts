// What the lazily loaded runtime (runtime.ts) gives an engine whose document declares computed
// values or triggers. Types only: nothing here reaches the first screen's code.
import type { ScreenState } from '../store/store';

export interface LangRuntime {
  /** The computed values as seen from one state, each worked out on first read (memoised). */
  computed(state: ScreenState): Readonly<Record<string, unknown>>;
  /** Starts watching the triggers (after the screen mounts); returns the function that stops it. */
  startTriggers(): () => void;
}
