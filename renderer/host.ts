// Everything the engine knows of the world. The engine never imports from src/:
// the lender's app hands it a Host, tests hand it a fake one.
import type { ScreenDocument } from './types.gen';

/** A request the screen document asks for. `api` names an endpoint family the host knows. */
export interface ApiCall {
  api: string;
  method: 'GET' | 'POST';
  path: string;
  /** Payload fields, already evaluated. POST: the body; GET: further query parameters. */
  body?: Record<string, unknown>;
  /** Extra query parameters, already evaluated. */
  query?: Record<string, unknown>;
  /** Files to send as multipart/form-data, keyed by field name. */
  files?: Record<string, Blob>;
  /** Give up after this many milliseconds (the host has its own default). */
  timeoutMs?: number;
  /** Show a loading toast with this text until the reply arrives. */
  loading?: string;
  /** Toast the server's message when the reply is not a success (default true). */
  toastFailure?: boolean;
  /**
   * Set on the calls of a user action (renderer/userAction.ts): the same for a retry of the same
   * tap, new for a new tap. The host sends it with writes so the server does each one once.
   */
  idempotencyKey?: string;
}

/**
 * What every call settles to. A call never throws and never hangs: transport
 * failures (offline, timeout, 5xx, garbage body) come back as `ok: false, network: true`.
 */
export interface ApiResult {
  ok: boolean;
  /** The transport failed: no usable reply reached us. */
  network?: boolean;
  code?: string | number;
  message?: string;
  data?: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  /**
   * Append the session/device parameters of the current page: `true` to own-origin targets only;
   * 'anyOrigin' whatever the origin (the engine asks it only for an address the server sent for
   * that purpose, lendDetailsUrl).
   */
  commonParams?: boolean | 'anyOrigin';
  /** Extra query parameters, already evaluated. */
  query?: Record<string, unknown>;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  keys(): string[];
}

/** Something went wrong inside a screen; the rest of the screen keeps working. */
export interface Problem {
  screenId: string;
  /** JSON pointer into the screen document. */
  blockPath: string;
  code: string;
  message: string;
}

/**
 * 'back': the iOS back action; 'close': the native close button; 'androidBack': the Android back
 * button, which the page may take (a handler returns true when it did, e.g. it closed a popup).
 */
export type NativeEvent = 'back' | 'close' | 'androidBack';

/** A screen of this app shown in place of a frame: its document and the params of its address. */
export interface EmbeddedScreen {
  doc: ScreenDocument;
  params: Record<string, unknown>;
}

export interface Host {
  request(call: ApiCall, signal: AbortSignal): Promise<ApiResult>;
  /** Calls a native bridge action by name; resolves when the bridge has been asked. */
  bridge(name: string, payload?: unknown): Promise<void>;
  /** `to` is an app path or an absolute URL that has already passed `safeUrl`. */
  navigate(to: string, options: NavigateOptions): void;
  /**
   * Whether an address may be used as written in a document: an app path, an http(s) URL of this
   * origin or of one the lender listed (allowedOrigins), or an address of the app's own scheme.
   * Pictures and frames load only from these; pages elsewhere open only when the server sent them.
   */
  trusts(url: string): boolean;
  /**
   * The values of the page's identity parameters (the session and device ids). An absolute
   * address that carries one is not loaded or opened unless the server sent it (issue 28 item 3,
   * renderer/url.ts carriesIdentity). Hosts without it: no value is watched.
   */
  identity?(): readonly string[];
  /**
   * The screen an address of this app shows, to draw it in place instead of framing it; null when
   * the address is not one of the app's screens. Hosts without it frame every page.
   */
  embed?(url: string): Promise<EmbeddedScreen | null>;
  /** Go back in history, or to `fallback` when there is nowhere to go back to. */
  back(fallback?: string): void;
  toast(text: string, ms?: number): void;
  /** Shows a loading toast; returns the function that hides it. */
  loading(text: string): () => void;
  storage(scope: 'local' | 'session'): KeyValueStorage;
  clipboard(text: string): Promise<boolean>;
  /** Named display formats (amount, number, date, datetime, ...). Unknown names return the value as text. */
  format(name: string, value: unknown, arg?: string): string;
  track(event: string, payload?: Record<string, unknown>): void;
  report(problem: Problem): void;
  /**
   * Subscribes to native events (iOS back action, native close, Android back button). A handler
   * returns true when it used the event. Returns the unsubscribe function.
   */
  onNativeEvent(event: NativeEvent, handler: () => boolean | void): () => void;
  /** Device position, or null when unavailable or denied. */
  geolocate(): Promise<{ latitude: number; longitude: number } | null>;
  /** A blocking message box (used by developer tools). */
  alert(text: string): void;
  now(): number;
  /**
   * What this app can do beyond the engine, for a document's `requires`: capability name →
   * version or "*", e.g. {"app": "3.4.0", "bridge.goRate": "*"} (renderer/lang/requires.ts).
   */
  capabilities?: Readonly<Record<string, string>>;
  /** Read-only values screens may bind to as `config.*` and `env.*`. */
  config: Readonly<Record<string, unknown>>;
  env: Readonly<Record<string, unknown>>;
  /**
   * Told the page's title while the screen draws where there is no document (a server's drawing,
   * which writes it into the page's <title>); a browser's title is set on document.title instead.
   */
  title?(text: string): void;
}
