// Renders what the studio sends (a valid document and a scenario) and reports what the screen
// does back to it. A screen that throws shows its error here; the studio stays usable.
// A new document in the same run (a property changed, issue 25) is given to the running screen
// (Screen's `live`): what it draws changes, its state stays; a new run starts it afresh (the
// scenario's host, its storage and the log's clock too).
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Screen } from '../../../renderer/Screen';
import type { NativeEvent } from '../../../renderer/host';
import { ErrorBoundary } from '../../app/ErrorBoundary';
import type { AppConfig } from '../../config/types';
import { createToaster, ToastView } from '../../host/toast';
import {
  FRAME_RENDER,
  type FrameMessage,
  type FrameRender,
  type InPlaceMessage,
  type PickMessage,
  type RenderMessage,
  type StructureMessage,
} from '../shared/protocol';
import { createPicker, type Picker } from './picker';
import { createScenarioHost } from './scenarioHost';
import { createTextInPlace } from './textInPlace';

type Incoming =
  | RenderMessage
  | PickMessage
  | InPlaceMessage
  | StructureMessage
  | { type: 'studio:native'; event: NativeEvent };

function post(message: FrameMessage): void {
  window.parent.postMessage(message, window.location.origin);
}

export function FrameApp({ config }: { config: AppConfig }) {
  const [render, setRender] = useState<RenderMessage | null>(null);
  const toaster = useMemo(() => createToaster(), []);
  // Text in place first: its listeners see a press before the picker's (textInPlace.ts).
  const inPlace = useMemo(
    () => createTextInPlace((path, text) => post({ type: 'studio:text-edit', path, text })),
    [],
  );
  const picker = useMemo<Picker>(
    () =>
      createPicker(
        (p) => post({ type: 'studio:pick', path: p.path, blockType: p.type, edit: false }),
        (p, element) => {
          inPlace.offer(p.path, element);
          const text = element.textContent ?? '';
          post({ type: 'studio:pick', path: p.path, blockType: p.type, edit: true, text });
        },
        (from, to, where) => post({ type: 'studio:move', from: from.path, to: to.path, where }),
      ),
    [inPlace],
  );

  // The outlines follow the page as it draws (sources arrive, popups open).
  useEffect(() => {
    let queued = 0;
    const observer = new MutationObserver(() => {
      if (!queued) queued = requestAnimationFrame(() => ((queued = 0), picker.refresh()));
    });
    observer.observe(document.getElementById('root') ?? document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    return () => observer.disconnect();
  }, [picker]);

  // One host per run and scenario (a message is a copy: the scenario is compared by its text).
  const runId = render ? `${render.run} ${JSON.stringify(render.scenario)}` : null;
  const latest = useRef(render);
  latest.current = render;
  /** Bumped by a document sent after the screen crashed: it is drawn afresh. */
  const [resets, setResets] = useState(0);
  const crashed = useRef(false);

  const host = useMemo(() => {
    const render = latest.current;
    if (runId === null || !render) return null;
    const started = performance.now();
    let seq = 0;
    return createScenarioHost({
      scenario: render.scenario,
      config,
      toaster,
      log: (entry) =>
        post({
          type: 'studio:log',
          run: render.run,
          entry: { ...entry, seq: ++seq, at: Math.round(performance.now() - started) },
        }),
    });
  }, [runId, config, toaster]);

  useEffect(() => {
    // Drawn in the task it comes in (not a scheduler's task later): the next frame shows it.
    const show = (message: RenderMessage) =>
      flushSync(() => {
        if (crashed.current) {
          crashed.current = false;
          setResets((n) => n + 1);
        }
        setRender(message);
      });
    // The studio's object, copied into this page's own objects as a message would be.
    const direct: FrameRender = (message) => show(structuredClone(message));
    (window as unknown as Record<string, FrameRender>)[FRAME_RENDER] = direct;
    const onMessage = (event: MessageEvent<Incoming>) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const message = event.data;
      if (message?.type === 'studio:render') show(message);
      else if (message?.type === 'studio:native') host?.emit(message.event);
      else if (message?.type === 'studio:pick-mode') picker.setPicking(message.on);
      else if (message?.type === 'studio:select') picker.select(message.path, message.blockType);
      else if (message?.type === 'studio:structure') picker.setTargets(message);
      else if (message?.type === 'studio:edit-text') inPlace.start(message.path, message.text);
      else if (message?.type === 'studio:edit-refused') inPlace.refuse(message.path, message.reason);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      delete (window as unknown as Record<string, FrameRender>)[FRAME_RENDER];
    };
  }, [host, picker, inPlace]);

  useEffect(() => post({ type: 'studio:ready' }), []);

  // The scenario's parameters, once per run (`runId` stands for the scenario).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const params = useMemo(() => ({ ...(latest.current?.scenario?.params ?? {}) }), [runId]);

  if (!render || !host) return <div className="app-loading" aria-busy="true" />;
  return (
    <>
      <ErrorBoundary
        key={`${render.run} ${resets}`}
        fallback={(error) => (
          <div className="app-page" role="alert">
            <h1 className="app-page-title">This screen crashed</h1>
            <p className="app-page-text">{error.message}</p>
          </div>
        )}
        onError={(error) => {
          crashed.current = true;
          post({ type: 'studio:crash', run: render.run, message: error.message });
        }}
      >
        <Screen key={render.run} doc={render.doc} host={host} params={params} live />
      </ErrorBoundary>
      <ToastView toaster={toaster} />
    </>
  );
}
