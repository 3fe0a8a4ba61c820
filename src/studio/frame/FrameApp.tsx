// Renders what the studio sends (a valid document and a scenario) and reports what the screen
// does back to it. A screen that throws shows its error here; the studio stays usable.
import { useEffect, useMemo, useState } from 'react';
import { Screen } from '../../../renderer/Screen';
import type { NativeEvent } from '../../../renderer/host';
import { ErrorBoundary } from '../../app/ErrorBoundary';
import type { AppConfig } from '../../config/types';
import { createToaster, ToastView } from '../../host/toast';
import type { FrameMessage, InPlaceMessage, PickMessage, RenderMessage } from '../shared/protocol';
import { createPicker, type Picker } from './picker';
import { createScenarioHost } from './scenarioHost';
import { createTextInPlace } from './textInPlace';

type Incoming = RenderMessage | PickMessage | InPlaceMessage | { type: 'studio:native'; event: NativeEvent };

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

  const host = useMemo(() => {
    if (!render) return null;
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
  }, [render, config, toaster]);

  useEffect(() => {
    const onMessage = (event: MessageEvent<Incoming>) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const message = event.data;
      if (message?.type === 'studio:render') setRender(message);
      else if (message?.type === 'studio:native') host?.emit(message.event);
      else if (message?.type === 'studio:pick-mode') picker.setPicking(message.on);
      else if (message?.type === 'studio:select') picker.select(message.path, message.blockType);
      else if (message?.type === 'studio:edit-text') inPlace.start(message.path, message.text);
      else if (message?.type === 'studio:edit-refused') inPlace.refuse(message.path, message.reason);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [host, picker, inPlace]);

  useEffect(() => post({ type: 'studio:ready' }), []);

  const params = useMemo(() => ({ ...(render?.scenario?.params ?? {}) }), [render]);

  if (!render || !host) return <div className="app-loading" aria-busy="true" />;
  return (
    <>
      <ErrorBoundary
        key={render.run}
        fallback={(error) => (
          <div className="app-page" role="alert">
            <h1 className="app-page-title">This screen crashed</h1>
            <p className="app-page-text">{error.message}</p>
          </div>
        )}
        onError={(error) => post({ type: 'studio:crash', run: render.run, message: error.message })}
      >
        <Screen key={render.run} doc={render.doc} host={host} params={params} />
      </ErrorBoundary>
      <ToastView toaster={toaster} />
    </>
  );
}
