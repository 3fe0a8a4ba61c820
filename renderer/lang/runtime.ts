// The lazily loaded part of the language (renderer/lang/load.ts loads it): the function library,
// typed variables, computed values, triggers and appear events. A document that uses none of them
// never loads it.
import { registerOperators } from '../expr/evaluate';
import { LIBRARY } from '../expr/functions/library.gen';
import { ROOT_FRAME, scopeOf, type Engine } from '../engine';
import { runActions } from '../runActions';
import { createComputed, type ComputedDecl } from './computed';
import { watchTriggers, type TriggerDecl } from './triggers';
import type { LangRuntime } from './types';

import { initialVariables, variableGuard, type Declarations } from './variables';
import type { Host } from '../host';

// onAppear (issue 29: out of the first screen's code, which no document of ours on it uses).
export { Appear } from './Appear';

/** A screen's variables: their starting values and the guard of the store's vars.* writes. */
export function typedVariables(screenId: string, decls: Declarations, host: Host) {
  const say = (name: string, message: string) =>
    host.report({ screenId, blockPath: `/variables/${name}`, code: 'variable-type', message });
  return { vars: initialVariables(decls, say), guard: variableGuard(decls, say) };
}

/** Makes the library's functions known to the interpreter (once, when this module arrives). */
export function install(): void {
  registerOperators(LIBRARY);
}

/** Computed values and triggers for one screen instance. */
export function createRuntime(engine: Engine): LangRuntime {
  const { doc, host, store } = engine;
  const report = (blockPath: string, code: string, message: string) =>
    host.report({ screenId: engine.screenId, blockPath, code, message });
  const now = () => host.now();
  const runtime: LangRuntime = {
    computed: createComputed((doc.computed ?? {}) as Record<string, ComputedDecl>, {
      scope: (state) => scopeOf(state, ROOT_FRAME, host, runtime),
      format: host.format,
      now,
      report: (name, message) => report(`/computed/${name}`, 'computed-cycle', message),
    }),
    startTriggers: () =>
      watchTriggers((doc.triggers ?? []) as TriggerDecl[], {
        store,
        scope: () => scopeOf(store.get(), ROOT_FRAME, host, runtime),
        format: host.format,
        now,
        run: (actions, path) => runActions(engine, actions, ROOT_FRAME, path),
        report: (index, message) => report(`/triggers/${index}`, 'trigger-loop', message),
      }),
  };
  return runtime;
}
