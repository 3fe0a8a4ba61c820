// Everything the engine knows of the world. The engine never imports from src/:
// the lender's app hands it a Host, tests hand it a fake one.

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
  /** Append the session/device parameters of the current page (own-origin targets only). */
  commonParams?: boolean;
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

export type NativeEvent = 'back' | 'close';

export interface Host {
  request(call: ApiCall, signal: AbortSignal): Promise<ApiResult>;
  /** Calls a native bridge action by name; resolves when the bridge has been asked. */
  bridge(name: string, payload?: unknown): Promise<void>;
  /** `to` is an app path or an absolute URL that has already passed `safeUrl`. */
  navigate(to: string, options: NavigateOptions): void;
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
  /** Subscribes to native events (iOS back action, native close). Returns the unsubscribe function. */
  onNativeEvent(event: NativeEvent, handler: () => void): () => void;
  /** Device position, or null when unavailable or denied. */
  geolocate(): Promise<{ latitude: number; longitude: number } | null>;
  /** A blocking message box (used by developer tools). */
  alert(text: string): void;
  now(): number;
  /** Read-only values screens may bind to as `config.*` and `env.*`. */
  config: Readonly<Record<string, unknown>>;
  env: Readonly<Record<string, unknown>>;
}
