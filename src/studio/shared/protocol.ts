// What the studio page, its preview frame and the server agree on.
import type { ScreenDocument } from '../../../renderer/types.gen';

/** A reply the scenario gives to one call: the host's ApiResult without the transport flag. */
export interface ScenarioReply {
  ok: boolean;
  code?: string | number;
  message?: string;
  data?: unknown;
}

/** One named situation of a screen: its query parameters and the replies to its calls. */
export interface Scenario {
  name: string;
  description?: string;
  params?: Record<string, string>;
  /** Keyed "<api> <METHOD> <path>", e.g. "v3 POST /v3/loan-details/loan-details". */
  responses?: Record<string, ScenarioReply>;
  /** Storage the screen finds already written, by scope. */
  storage?: { local?: Record<string, string>; session?: Record<string, string> };
}

export interface ScenarioFile {
  $schema?: string;
  scenarios: Scenario[];
}

/** A text as the page lays it out (runs of white space count as one): how the studio and the phone compare a text shown. */
export const normSpaces = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

export const callKey = (api: string, method: string, path: string) =>
  `${api} ${method.toUpperCase()} ${path}`;

/** One thing the previewed screen asked of the world. */
export interface LogEntry {
  seq: number;
  /** Milliseconds since the preview (re)started. */
  at: number;
  kind:
    'call' | 'bridge' | 'navigate' | 'back' | 'toast' | 'storage' | 'copy' | 'track' | 'problem' | 'alert';
  /** One line: "v3 POST /v3/loan-details/loan-details", "openPage", "/repay?orderId=..." */
  summary: string;
  /** What was sent and answered, for the detail view. */
  detail?: unknown;
  /** The call had no answer in the scenario, or something went wrong. */
  failed?: boolean;
}

export interface Device {
  label: string;
  width: number;
  height: number;
}

export const DEVICES: readonly Device[] = [
  { label: '375 × 667', width: 375, height: 667 },
  { label: '360 × 740', width: 360, height: 740 },
  { label: '414 × 896', width: 414, height: 896 },
];

/** Studio -> preview frame. `run` increments to restart the screen with the same document. */
export interface RenderMessage {
  type: 'studio:render';
  doc: ScreenDocument;
  scenario: Scenario | null;
  run: number;
}

/**
 * Studio -> preview frame, without the message's hop: the frame (same origin, its own page) puts
 * this on its window, and the studio hands it a render message in the task of the change, so the
 * phone is drawn in the next frame with the studio's own change (issue 25 speed). A message
 * posted is handled a task later, after a frame of the studio alone. Posting stays the way while
 * the frame's page is loading.
 */
export const FRAME_RENDER = 'studioRender';
export type FrameRender = (message: RenderMessage) => void;

/** Studio -> preview frame: the visual tools' pick mode and selection (issue 25). */
export type PickMessage =
  | { type: 'studio:pick-mode'; on: boolean }
  | { type: 'studio:select'; path: string | null; blockType?: string };

/**
 * Studio -> preview frame: what a drag in the phone may do (issue 25 item 4), by the phone's places
 * of blocks (structureOps.phoneTargets): the blocks it may move (and drop beside), those it may
 * drop inside. None while the studio is read-only.
 */
export interface StructureMessage {
  type: 'studio:structure';
  movable: string[];
  containers: string[];
}

/** Where a block dragged in the phone goes: beside the target, or inside it (first or last). */
export type PhoneDrop = 'before' | 'after' | 'inside' | 'inside-first';

/**
 * Studio -> preview frame: text in place (issue 25 item 5). After a double-click, the studio says
 * which text of the block at `path` to edit (`text`, as the phone shows it) or why it cannot be
 * edited there.
 */
export type InPlaceMessage =
  | { type: 'studio:edit-text'; path: string; text: string }
  | { type: 'studio:edit-refused'; path: string; reason: string };

/** Preview frame -> studio. */
export type FrameMessage =
  | { type: 'studio:ready' }
  /** A block was clicked (twice: `edit`, to edit its text; `text`, the text double-clicked) in pick mode; `path` is its pointer in the doc sent. */
  | { type: 'studio:pick'; path: string; blockType: string; edit: boolean; text?: string }
  /** A block dragged onto another in pick mode: move `from` before, after or inside `to` (pointers in the doc sent). */
  | { type: 'studio:move'; from: string; to: string; where: PhoneDrop }
  /** Text in place ended: the new text (Enter, a click outside), or null (Escape). */
  | { type: 'studio:text-edit'; path: string; text: string | null }
  | { type: 'studio:log'; run: number; entry: LogEntry }
  | { type: 'studio:crash'; run: number; message: string };
