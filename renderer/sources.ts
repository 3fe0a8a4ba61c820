// A screen's sources (the calls it makes when it opens) and what the borrower sees of them. A
// source is required unless it says `optional`: the body waits for every required source, a
// required source that fails (no reply within the host's timeout, a refusal, a reply without its
// `expect` shape) puts a standard error with Try again in place of the body, and the on-load
// actions run once every required source has loaded. No page waits forever or shows half its data.
// A source still loading after `slowAfter` seconds is slow (issue 29 §3): the screen says so and
// offers Try again, which drops that attempt and starts another; the call itself keeps its deadline.
import { contextFor, runActions } from './runActions';
import { ROOT_FRAME, type Engine } from './engine';
import { isTruthy, toText } from './expr/values';
import { runCall, UNEXPECTED_REPLY } from './actions/call';
import type { ApiResult } from './host';

export type SourceStatus = 'loading' | 'slow' | 'ready' | 'failed';

/** Seconds without a reply before a source is slow, unless it says (`slowAfter`). */
export const SLOW_AFTER_S = 8;

export interface SourceState {
  status: SourceStatus;
  required: boolean;
  /** What it loads, in the borrower's words (`loads`); '' when the document does not say. */
  label: string;
  /** Why it failed, for the borrower: the server's message, or a word on the connection. */
  detail: string;
}

export interface Sources {
  get(): readonly SourceState[];
  subscribe(listener: () => void): () => void;
  /**
   * Runs every source not loaded yet (all of them the first time; the failed ones on Try again,
   * and the slow ones again) and settles when they have; the on-load actions run, once, when every
   * required one is ready.
   */
  run(): Promise<void>;
}

export const CONNECTION_DETAIL = 'Please check your connection and try again.';

function detailOf(result: ApiResult | null): string {
  if (!result || result.code === UNEXPECTED_REPLY) return '';
  if (result.network) return CONNECTION_DETAIL;
  return (result.message ?? '').trim();
}

/** `answered`: the server ran the sources already (renderer/answer.ts): they start ready. */
export function createSources(engine: Engine, answered = false): Sources {
  const calls = engine.doc.sources ?? [];
  let states: readonly SourceState[] = calls.map((call) => ({
    status: answered ? 'ready' : 'loading',
    required: call.optional !== true,
    label: '',
    detail: '',
  }));
  const listeners = new Set<() => void>();
  let loaded = false;
  let running: Promise<void> | null = null;
  const attempts: AbortController[] = [];

  const set = (i: number, change: Partial<SourceState>) => {
    states = states.map((s, j) => (j === i ? { ...s, ...change } : s));
    listeners.forEach((l) => l());
  };

  async function runOne(i: number): Promise<void> {
    const call = calls[i]!;
    const ctx = contextFor(engine, ROOT_FRAME, `/sources/${i}`);
    for (;;) {
      set(i, { status: 'loading', label: toText(ctx.evaluate(call.loads)).trim(), detail: '' });
      if ('when' in call && !isTruthy(ctx.evaluate(call.when))) return set(i, { status: 'ready' });
      // This attempt's own signal: Try again while it is slow aborts it, and so does leaving.
      const attempt = (attempts[i] = new AbortController());
      const leave = () => attempt.abort();
      engine.signal.addEventListener('abort', leave);
      const slow = setTimeout(() => set(i, { status: 'slow' }), (call.slowAfter ?? SLOW_AFTER_S) * 1000);
      let result: ApiResult | null = null;
      try {
        result = (await runCall(call, ctx, true, attempt.signal)).result;
      } catch (error) {
        engine.host.report({
          screenId: engine.screenId,
          blockPath: ctx.path,
          code: 'action-failed',
          message: error instanceof Error ? error.message : String(error),
        });
      } finally {
        clearTimeout(slow);
        engine.signal.removeEventListener('abort', leave);
      }
      if (engine.signal.aborted) return;
      if (!attempt.signal.aborted)
        return set(i, result?.ok ? { status: 'ready' } : { status: 'failed', detail: detailOf(result) });
    }
  }

  async function round(): Promise<void> {
    await Promise.all(states.map((s, i) => (s.status === 'ready' ? null : runOne(i))));
    if (engine.signal.aborted || loaded) return;
    if (states.every((s) => !s.required || s.status === 'ready')) {
      loaded = true;
      // After the sources, so that a countdown's `seconds` may read what they loaded.
      for (const [id, timer] of Object.entries(engine.doc.timers ?? {}))
        if (timer?.autoStart && !engine.signal.aborted) engine.timers.start(id);
      await runActions(engine, engine.doc.onLoad, ROOT_FRAME, '/onLoad');
    }
  }

  return {
    get: () => states,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    run() {
      // The round in progress waits for a slow source's next attempt.
      states.forEach((s, i) => s.status === 'slow' && attempts[i]!.abort());
      running ??= round().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
