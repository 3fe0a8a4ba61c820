// The phone frame: an iframe of the preview page (studio-preview.html) at the device's size,
// scaled down when the window is too small. The document and scenario go in by postMessage;
// what the screen does comes back the same way.
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type Ref,
} from 'react';
import { runKeyOf } from '../../renderer/runKey';
import type { ScreenDocument } from '../../renderer/types.gen';
import {
  DEVICES,
  FRAME_RENDER,
  type Device,
  type FrameRender,
  type FrameMessage,
  type InPlaceMessage,
  type LogEntry,
  type PhoneDrop,
  type PickMessage,
  type RenderMessage,
  type Scenario,
  type StructureMessage,
} from './shared/protocol';

interface Props {
  doc: ScreenDocument | null;
  scenario: Scenario | null;
  run: number;
  device: Device;
  onDevice(device: Device): void;
  onRestart(): void;
  /** Shown over the phone when the editor's text has errors and the phone shows an older version. */
  stale: string | null;
  onLog(run: number, entry: LogEntry): void;
  onCrash(run: number, message: string): void;
  /** No device bar (the review screen's pair of phones shares one); the frame's accessible name. */
  bare?: boolean;
  title?: string;
  /** The visual tools (issue 25): a click in the phone selects a block instead of running it. */
  picking?: boolean;
  /**
   * The selected block's place in `doc`, outlined in the phone: a store (useSelection's
   * `inPhone`), so a selection re-renders this phone and not the studio around it.
   */
  selected?: SelectedInPhone | null;
  /**
   * A block picked in the phone; for a double-click (`edit`), the studio's answer (text in place,
   * issue 25 item 5), which the phone is sent.
   */
  onPick?(path: string, type: string, edit: boolean, text?: string): InPlaceMessage | null;
  /** Text in place: the text typed, or null when dropped. */
  onTextEdit?(path: string, text: string | null): void;
  /** A block dragged onto another in the phone (pick mode): the phone's pointers of both. */
  onMove?(from: string, to: string, where: PhoneDrop): void;
  /** What a drag in the phone may move and drop into (none: nothing is dragged). */
  structure?: Omit<StructureMessage, 'type'> | null;
  /** For the studio to give the phone a document before its own render (PreviewHandle). */
  handle?: Ref<PreviewHandle>;
}

export interface PreviewHandle {
  /**
   * Gives the running phone `doc` now, ahead of `doc` the prop, when it changes only what the
   * phone draws (renderer/runKey.ts): a visual change reaches the phone before the studio has
   * taken it (issue 25 speed). False when it would start the phone again: that goes the usual
   * way. The prop, once it is that same document, is not sent again.
   */
  show(doc: ScreenDocument): boolean;
}

export type NativeEventName = 'back' | 'close';

export interface SelectedInPhone {
  get(): { path: string; type: string } | null;
  subscribe(listener: () => void): () => void;
}

/** What the phone may drag and drop into; nothing without the studio's word (read-only). */
const structureMessage = (targets: Omit<StructureMessage, 'type'> | null): StructureMessage => ({
  type: 'studio:structure',
  movable: [],
  containers: [],
  ...targets,
});

const NONE: SelectedInPhone = { get: () => null, subscribe: () => () => undefined };

export function Preview({
  doc,
  scenario,
  run,
  device,
  onDevice,
  onRestart,
  stale,
  onLog,
  onCrash,
  bare = false,
  title = 'Preview',
  picking = false,
  selected: selectedStore = null,
  onPick,
  onTextEdit,
  onMove,
  handle,
  structure = null,
}: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const latest = useRef<RenderMessage | null>(null);
  latest.current = doc ? { type: 'studio:render', doc, scenario, run } : null;
  /** What the phone was last sent, and what that document runs. */
  const sent = useRef<{ message: RenderMessage; runs: string } | null>(null);

  const store = selectedStore ?? NONE;
  const selected = useSyncExternalStore(store.subscribe, store.get, store.get);
  const pick = useRef({ picking, selected, onPick, onTextEdit, onMove, structure });
  pick.current = { picking, selected, onPick, onTextEdit, onMove, structure };
  const send = useCallback(
    (
      message:
        | RenderMessage
        | PickMessage
        | InPlaceMessage
        | StructureMessage
        | { type: 'studio:native'; event: NativeEventName },
    ) => {
      frame.current?.contentWindow?.postMessage(message, window.location.origin);
    },
    [],
  );

  const render = useCallback(
    (message: RenderMessage) => {
      sent.current = { message, runs: runKeyOf(message.doc) };
      const direct = (frame.current?.contentWindow as Partial<Record<string, unknown>> | null)?.[
        FRAME_RENDER
      ];
      if (typeof direct !== 'function') return send(message);
      try {
        (direct as FrameRender)(message);
      } catch {
        // Whatever failed there stays there: the message goes the usual way.
        send(message);
      }
    },
    [send],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent<FrameMessage>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const message = event.data;
      // The frame (re)loaded: give it what it should show.
      if (message.type === 'studio:ready') {
        if (latest.current) render(latest.current);
        const { picking: on, selected: at, structure: targets } = pick.current;
        send(structureMessage(targets));
        send({ type: 'studio:pick-mode', on });
        send({ type: 'studio:select', path: at?.path ?? null, blockType: at?.type ?? '' });
      } else if (message.type === 'studio:pick') {
        const answer = pick.current.onPick?.(message.path, message.blockType, message.edit, message.text);
        if (answer) send(answer);
      } else if (message.type === 'studio:text-edit') pick.current.onTextEdit?.(message.path, message.text);
      else if (message.type === 'studio:move') pick.current.onMove?.(message.from, message.to, message.where);
      else if (message.type === 'studio:log') onLog(message.run, message.entry);
      else if (message.type === 'studio:crash') onCrash(message.run, message.message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onLog, onCrash, send, render]);

  useEffect(() => {
    const last = sent.current?.message;
    if (!doc || (last && last.doc === doc && last.scenario === scenario && last.run === run)) return;
    render({ type: 'studio:render', doc, scenario, run });
  }, [doc, scenario, run, render]);
  useImperativeHandle(
    handle,
    () => ({
      show(next) {
        const last = sent.current;
        if (!last || last.runs !== runKeyOf(next)) return false;
        render({ ...last.message, doc: next });
        return true;
      },
    }),
    [render],
  );

  useEffect(() => send({ type: 'studio:pick-mode', on: picking }), [picking, send]);
  useEffect(() => send(structureMessage(structure)), [structure, send]);
  const selectedPath = selected?.path ?? null;
  const selectedType = selected?.type ?? '';
  useEffect(
    () => send({ type: 'studio:select', path: selectedPath, blockType: selectedType }),
    [selectedPath, selectedType, send],
  );

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => {
      const bezel = 24;
      const byHeight = (element.clientHeight - 16) / (device.height + bezel);
      const byWidth = (element.clientWidth - 16) / (device.width + bezel);
      setScale(Math.max(0.4, Math.min(1, byHeight, byWidth)));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [device]);

  return (
    <>
      {!bare && (
        <div className="studio-preview-bar">
          <label>
            Phone{' '}
            <select
              value={device.label}
              onChange={(e) => onDevice(DEVICES.find((d) => d.label === e.target.value) ?? DEVICES[0]!)}
            >
              {DEVICES.map((d) => (
                <option key={d.label}>{d.label}</option>
              ))}
            </select>
          </label>
          <button type="button" onClick={onRestart} title="Run the screen again from the start">
            Restart
          </button>
          <span className="studio-native" title="What the native app sends">
            Native:
            <button type="button" onClick={() => send({ type: 'studio:native', event: 'back' })}>
              Back
            </button>
            <button type="button" onClick={() => send({ type: 'studio:native', event: 'close' })}>
              Close
            </button>
          </span>
        </div>
      )}
      <div className="studio-phone-box" ref={box}>
        <div
          className="studio-phone"
          style={{ width: device.width, height: device.height, transform: `scale(${scale})` }}
        >
          <iframe
            ref={frame}
            title={title}
            src="/studio/preview"
            width={device.width}
            height={device.height}
          />
          {stale && (
            <div className="studio-stale" role="status">
              {stale}
            </div>
          )}
        </div>
      </div>
    </>
  );
}
