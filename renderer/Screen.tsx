// Renders one screen document with a host: creates its state, runs its sources and
// on-load actions, wires timers and native events, and tears everything down on unmount.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { Host } from './host';
import type { ScreenDocument } from './types.gen';
import { createStore } from './store/store';
import { createTimers, type TimerSpec } from './timers';
import { EngineContext, ROOT_FRAME, evalIn, type Engine } from './engine';
import { runActions } from './action';
import { Blocks } from './Blocks';
import { ModalLayer } from './ModalLayer';
import { toText } from './expr/values';

export interface ScreenProps {
  doc: ScreenDocument;
  host: Host;
  params: Record<string, unknown>;
  /** Set the page title from the document (default true). */
  setTitle?: boolean;
  /** Called once the sources and on-load actions have settled (the app then watches for a blank page). */
  onSettled?: () => void;
}

function createEngine(
  doc: ScreenDocument,
  host: Host,
  params: Record<string, unknown>,
): { engine: Engine; abort: () => void } {
  const controller = new AbortController();
  const store = createStore({
    params,
    ui: { ...(doc.state?.ui ?? {}) },
    form: { ...(doc.state?.form ?? {}) },
    data: { ...(doc.state?.data ?? {}) },
  });
  const engine: Engine = {
    screenId: doc.id,
    doc,
    host,
    store,
    signal: controller.signal,
    timers: null as never,
  };
  engine.timers = createTimers(store, (doc.timers ?? {}) as Record<string, TimerSpec>, (id) => {
    void runActions(engine, doc.timers?.[id]?.onEnd, ROOT_FRAME, `/timers/${id}/onEnd`);
  });
  return {
    engine,
    abort: () => {
      controller.abort();
      engine.timers.dispose();
    },
  };
}

export function Screen({ doc, host, params, setTitle = true, onSettled }: ScreenProps) {
  const { engine, abort } = useMemo(() => createEngine(doc, host, params), [doc, host, params]);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });

  useEffect(() => {
    const sources = (doc.sources ?? []).map((call, i) =>
      runActions(engine, [call], ROOT_FRAME, `/sources/${i}`),
    );
    void Promise.all(sources)
      .then(() => runActions(engine, doc.onLoad, ROOT_FRAME, '/onLoad'))
      .then(() => {
        if (!engine.signal.aborted) settled.current?.();
      });
    return abort;
  }, [engine, abort, doc]);

  // A layout effect: the native app may call onIosBack as soon as the screen is painted, and a
  // passive effect subscribes only some time after the paint.
  useLayoutEffect(() => {
    const off = [
      host.onNativeEvent(
        'back',
        () => void runActions(engine, doc.on?.nativeBack, ROOT_FRAME, '/on/nativeBack'),
      ),
      host.onNativeEvent(
        'close',
        () => void runActions(engine, doc.on?.nativeClose, ROOT_FRAME, '/on/nativeClose'),
      ),
    ];
    return () => off.forEach((f) => f());
  }, [engine, doc, host]);

  useEffect(() => {
    if (setTitle && typeof document !== 'undefined')
      document.title = toText(evalIn(engine, ROOT_FRAME, doc.title));
  }, [engine, doc, setTitle]);

  return (
    <EngineContext.Provider value={engine}>
      <main className="screen" data-screen={doc.id}>
        <Blocks blocks={doc.body} path="/body" frame={ROOT_FRAME} />
      </main>
      <ModalLayer />
    </EngineContext.Provider>
  );
}
