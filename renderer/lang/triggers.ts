// Triggers: actions run when a condition becomes true (DivKit's variable_triggers, mode
// on_condition). Checked once when the screen starts (a condition true from the start fires) and
// after each state change that moves what the condition read. Edge-triggered: it fires on false →
// true, so again after it has been false, unless `once`. It does not fire while its own actions
// still run, and one that fires more than LOOP_LIMIT times within a second (actions that keep
// flipping their own condition) is stopped and reported.
import { evaluate, type Scope } from '../expr/evaluate';
import type { Formatter } from '../expr/template';
import { isTruthy } from '../expr/values';
import type { Store } from '../store/store';
import { moved, recorder, type Reads } from './reads';

export interface TriggerDecl {
  when: unknown;
  then: unknown;
  once?: boolean;
}

export interface TriggerDeps {
  store: Store;
  scope(): Scope;
  format: Formatter;
  now(): number;
  run(actions: unknown, path: string): Promise<unknown>;
  report(index: number, message: string): void;
}

const LOOP_LIMIT = 20;

interface Watch {
  decl: TriggerDecl;
  was: boolean;
  reads: Reads | null;
  running: boolean;
  done: boolean;
  recent: number[];
}

export function watchTriggers(decls: readonly TriggerDecl[], deps: TriggerDeps): () => void {
  const watches: Watch[] = decls.map((decl) => ({
    decl,
    was: false,
    reads: null,
    running: false,
    done: false,
    recent: [],
  }));
  let stopped = false;

  function fire(watch: Watch, index: number): void {
    const t = deps.now();
    watch.recent = watch.recent.filter((at) => t - at < 1000);
    watch.recent.push(t);
    if (watch.recent.length > LOOP_LIMIT) {
      watch.done = true;
      deps.report(index, `trigger #${index + 1} fired ${LOOP_LIMIT} times within a second and was stopped`);
      return;
    }
    if (watch.decl.once) watch.done = true;
    watch.running = true;
    // After the change that made it true has been drawn, not inside the store's notification.
    queueMicrotask(() => {
      void deps.run(watch.decl.then, `/triggers/${index}/then`).finally(() => {
        watch.running = false;
      });
    });
  }

  function check(): void {
    if (stopped) return;
    const scope = deps.scope();
    watches.forEach((watch, index) => {
      if (watch.done || (watch.reads && !moved(watch.reads, scope))) return;
      const { reads, onRead } = recorder();
      const now = isTruthy(evaluate(watch.decl.when, { scope, format: deps.format, now: deps.now, onRead }));
      watch.reads = reads;
      if (now && !watch.was && !watch.running) fire(watch, index);
      watch.was = now;
    });
  }

  const off = deps.store.subscribe(check);
  check();
  return () => {
    stopped = true;
    off();
  };
}
