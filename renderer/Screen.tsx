// Renders one screen document with a host: creates its state, runs its sources and
// on-load actions, wires timers, triggers and native events, and tears everything down on unmount.
// A document that names x-lazy blocks not yet loaded, or needs the language's lazy part
// (renderer/lang/needs.ts), waits for them (nothing drawn, nothing run), so the screen appears
// whole rather than block by block (renderer/lazy.ts).
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Host } from './host';
import type { ScreenDocument } from './types.gen';
import { EngineContext, ROOT_FRAME, evalIn } from './engine';
import { createEngine } from './createEngine';
import type { AnsweredState } from './answer';
import { runActions } from './runActions';
import { newUserAction } from './userAction';
import { Blocks } from './Blocks';
import { ModalLayer } from './ModalLayer';
import { toText } from './expr/values';
import { useLanguage } from './lang/useLanguage';
import type { LanguageModule } from './lang/load';
import { createSources } from './sources';
import { optionalStatus, sourceStatus } from './SourceStatus';
import { blocksPending } from './lazy';
import { runKeyOf } from './runKey';

export interface ScreenProps {
  doc: ScreenDocument;
  host: Host;
  params: Record<string, unknown>;
  /** Set the page title from the document (default true). */
  setTitle?: boolean;
  /** Called once the sources and on-load actions have settled (the app then watches for a blank page). */
  onSettled?: () => void;
  /**
   * Drawn inside another screen (an iframe block showing one of the app's own pages): no page
   * title, no native back/close handlers, no <main> of its own.
   */
  embedded?: boolean;
  /**
   * What the sources left on the server that drew this screen first (renderer/answer.ts): the
   * screen starts from it and does not call its sources again; the on-load actions still run.
   */
  answered?: AnsweredState | null;
  /**
   * The studio's phone (issue 25): a new document that differs only in what it draws (its body,
   * popups, title: renderer/runKey.ts) is drawn by the running screen, its state kept, instead of
   * starting the screen again. Any other change starts it again, as a new document always does
   * otherwise.
   */
  live?: boolean;
}

export function Screen(props: ScreenProps) {
  const pending = useMemo(() => blocksPending(props.doc), [props.doc]);
  const [arrived, setArrived] = useState<Promise<void> | null>(null);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    void pending.then(() => {
      if (live) setArrived(pending);
    });
    return () => {
      live = false;
    };
  }, [pending]);
  // Both downloads start at once (the hook runs before the early return).
  const lang = useLanguage(props.doc, props.host);
  if (pending && arrived !== pending) return null;
  return lang === undefined ? null : <ScreenBody {...props} lang={lang} />;
}

function ScreenBody({
  doc,
  host,
  params,
  setTitle = true,
  onSettled,
  embedded = false,
  answered = null,
  live = false,
  lang,
}: ScreenProps & { lang: LanguageModule | null }) {
  // What the engine is made from: the document itself, or for a live screen what it runs.
  const runs = useMemo(() => (live ? runKeyOf(doc) : doc), [live, doc]);
  const latest = useRef(doc);
  latest.current = doc;
  const { engine, abort } = useMemo(
    () => createEngine(latest.current, host, params, lang, answered),
    // `runs` stands for the document (its newest version is read through `latest`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [runs, host, params, lang, answered],
  );
  // The popups are read from the engine's document: a live screen's is the newest.
  engine.doc = doc;
  const sources = useMemo(() => createSources(engine, answered !== null), [engine, answered]);
  const states = useSyncExternalStore(sources.subscribe, sources.get, sources.get);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });

  useEffect(() => {
    const stopTriggers = engine.lang?.startTriggers();
    void sources.run().then(() => {
      if (!engine.signal.aborted) settled.current?.();
    });
    return () => {
      stopTriggers?.();
      abort();
    };
  }, [engine, sources, abort]);

  // A layout effect: the native app may call onIosBack as soon as the screen is painted, and a
  // passive effect subscribes only some time after the paint. An embedded screen leaves native
  // events to the screen around it.
  useLayoutEffect(() => {
    if (embedded) return;
    const off = [
      host.onNativeEvent(
        'back',
        () => void runActions(engine, doc.on?.nativeBack, ROOT_FRAME, '/on/nativeBack', newUserAction()),
      ),
      host.onNativeEvent(
        'close',
        () => void runActions(engine, doc.on?.nativeClose, ROOT_FRAME, '/on/nativeClose', newUserAction()),
      ),
    ];
    return () => off.forEach((f) => f());
  }, [engine, doc, host, embedded]);

  const titled = setTitle && !embedded;
  // Without a document (the server's drawing) effects never run: the host is told while drawing.
  if (titled && typeof document === 'undefined') host.title?.(toText(evalIn(engine, ROOT_FRAME, doc.title)));
  useEffect(() => {
    if (titled && typeof document !== 'undefined')
      document.title = toText(evalIn(engine, ROOT_FRAME, doc.title));
  }, [engine, doc, titled]);

  const Root = embedded ? 'div' : 'main';
  return (
    <EngineContext.Provider value={engine}>
      <Root className={embedded ? 'screen is-embedded' : 'screen'} data-screen={doc.id}>
        {sourceStatus(states, () => void sources.run()) ?? (
          <>
            {optionalStatus(states, () => void sources.run())}
            <Blocks blocks={doc.body} path="/body" frame={ROOT_FRAME} />
          </>
        )}
      </Root>
      <ModalLayer />
    </EngineContext.Provider>
  );
}
