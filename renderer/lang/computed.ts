// Computed values: named expressions read as computed.<name>. Each is worked out when first read
// from a state, and again only when a value it read has moved (or it reads the clock), so a list
// it builds keeps its identity and the blocks showing it do not redraw for nothing. A circle
// (a reads b reads a) reads as missing and is reported once; the checker refuses it beforehand.
import { evaluate, type Scope } from '../expr/evaluate';
import type { Formatter } from '../expr/template';
import type { ScreenState } from '../store/store';
import { moved, recorder, type Reads } from './reads';
import { NOT_OF_TYPE, toType } from './valueTypes';

export interface ComputedDecl {
  type: string;
  value: unknown;
}

export interface ComputedDeps {
  /** The screen-wide scope of a state (the computed values of that same state included). */
  scope(state: ScreenState): Scope;
  format: Formatter;
  now(): number;
  report(name: string, message: string): void;
}

interface Entry {
  state: ScreenState | null;
  reads: Reads | null;
  value: unknown;
}

export function createComputed(
  decls: Readonly<Record<string, ComputedDecl | undefined>>,
  deps: ComputedDeps,
): (state: ScreenState) => Readonly<Record<string, unknown>> {
  const names = Object.keys(decls).filter((n) => n !== '__proto__' && decls[n]);
  const entries = new Map<string, Entry>(
    names.map((n) => [n, { state: null, reads: null, value: undefined }]),
  );
  const working = new Set<string>();
  const reported = new Set<string>();
  const views = new WeakMap<ScreenState, Readonly<Record<string, unknown>>>();

  function get(name: string, state: ScreenState): unknown {
    const entry = entries.get(name)!;
    if (entry.state === state) return entry.value;
    // Checked before anything is read: asking whether its reads moved reads them, itself included.
    if (working.has(name)) {
      if (!reported.has(name))
        deps.report(name, `computed '${name}' reads itself (through ${[...working, name].join(' → ')})`);
      reported.add(name);
      return undefined;
    }
    working.add(name);
    try {
      if (!entry.reads || moved(entry.reads, deps.scope(state))) {
        const { reads, onRead } = recorder();
        const decl = decls[name]!;
        const raw = evaluate(decl.value, {
          scope: deps.scope(state),
          format: deps.format,
          now: deps.now,
          onRead,
        });
        const typed = raw === undefined ? undefined : toType(decl.type, raw);
        entry.reads = reads;
        entry.value = typed === NOT_OF_TYPE ? undefined : typed;
      }
      entry.state = state;
    } finally {
      working.delete(name);
    }
    return entry.value;
  }

  return (state) => {
    let view = views.get(state);
    if (!view) {
      const made: Record<string, unknown> = {};
      // Getters: a computed value nobody reads is never worked out.
      for (const name of names)
        Object.defineProperty(made, name, { enumerable: true, get: () => get(name, state) });
      view = Object.freeze(made);
      views.set(state, view);
    }
    return view;
  };
}
