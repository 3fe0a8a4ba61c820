// A screen's engine outside React: its store (from the document's initial state, or from what its
// sources left on the server, renderer/answer.ts), its timers and the language's runtime. Screen.tsx
// makes one per mount; answer.ts makes one on the server to run the sources before drawing.
import type { Host } from './host';
import type { ScreenDocument } from './types.gen';
import { createStore, type ScreenState } from './store/store';
import { createTimers, type TimerSpec } from './timers';
import { ROOT_FRAME, evalIn, type Engine } from './engine';
import { runActions } from './runActions';
import type { LanguageModule } from './lang/load';

/**
 * What a screen's sources left (on the server, renderer/answer.ts): the parts of the state a
 * document and its calls write. JSON only. Declared here, where the engine starts from it.
 */
export type AnsweredState = Pick<ScreenState, 'data' | 'ui' | 'form' | 'vars'>;

/**
 * Why an engine's calls stop: the screen was left (or the server's answering ended). One reason for
 * every engine: `abort()` without one makes a DOMException, stack and all, per screen, which was a
 * visible part of a drawn page's CPU on the server (issue 26). Its name is AbortError all the same.
 */
let left: DOMException | null | undefined;
function leftReason(): DOMException | null {
  if (left === undefined)
    try {
      left = new DOMException('The screen was left.', 'AbortError');
    } catch {
      left = null; // an old webview without the constructor: abort() makes its own
    }
  return left;
}

export function createEngine(
  doc: ScreenDocument,
  host: Host,
  params: Record<string, unknown>,
  lang: LanguageModule | null,
  answered: AnsweredState | null = null,
): { engine: Engine; abort: () => void } {
  const controller = new AbortController();
  // Typed by the language module; without it (it could not be loaded) a screen has no variables.
  const typed = lang && doc.variables ? lang.typedVariables(doc.id, doc.variables, host) : undefined;
  const store = createStore(
    answered
      ? { params, ui: answered.ui, form: answered.form, data: answered.data, vars: answered.vars }
      : {
          params,
          ui: { ...(doc.state?.ui ?? {}) },
          form: { ...(doc.state?.form ?? {}) },
          data: { ...(doc.state?.data ?? {}) },
          vars: typed?.vars ?? {},
        },
    typed?.guard,
  );
  const engine: Engine = {
    screenId: doc.id,
    doc,
    host,
    store,
    signal: controller.signal,
    timers: null as never,
    vouched: new Set(),
  };
  if (lang && (doc.computed || doc.triggers)) engine.lang = lang.createRuntime(engine);
  const timers = (doc.timers ?? {}) as Record<string, TimerSpec>;
  engine.timers = createTimers(
    store,
    timers,
    (id) => void runActions(engine, doc.timers?.[id]?.onEnd, ROOT_FRAME, `/timers/${id}/onEnd`),
    {
      now: () => host.now(),
      evaluate: (expr) => evalIn(engine, ROOT_FRAME, expr),
      onTick: (id) => void runActions(engine, doc.timers?.[id]?.onTick, ROOT_FRAME, `/timers/${id}/onTick`),
    },
  );
  return {
    engine,
    abort: () => {
      const reason = leftReason();
      if (reason) controller.abort(reason);
      else controller.abort();
      engine.timers.dispose();
      engine.appear?.dispose();
    },
  };
}
