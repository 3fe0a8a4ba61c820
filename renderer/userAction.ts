// A user action (a tap, a submit, a pick, the native back) and the idempotency keys of the calls
// it makes. The server does a write once per key (issue 20 §2): the calls of one action get keys
// derived from its id, a new action gets new ones, and a call retried after a transport failure
// (the borrower taps again on "Network error, please try again") reuses its key, because the first
// attempt may have reached the server. Calls outside a user action (sources, timers) send none.

export interface UserAction {
  readonly id: string;
  /** Calls made so far: the next call's key is `<id>-<calls>`. */
  calls: number;
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  // getRandomValues works on plain-http pages too, where randomUUID does not exist.
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function newUserAction(): UserAction {
  return { id: randomId(), calls: 0 };
}

// Keys of calls whose outcome is unknown, per engine (one screen instance), by the call's place in
// the document and the request it sent: a retry is the same request from the same place.
const unsettled = new WeakMap<object, Map<string, string>>();

function keptOf(engine: object): Map<string, string> {
  let kept = unsettled.get(engine);
  if (!kept) unsettled.set(engine, (kept = new Map()));
  return kept;
}

/** The key for a call at `path` sending `request` within `action`. */
export function keyFor(engine: object, action: UserAction, path: string, request: string): string {
  return keptOf(engine).get(`${path}\n${request}`) ?? `${action.id}-${action.calls++}`;
}

/** After the call: a transport failure keeps the key for a retry; any reply from the server ends it. */
export function settleKey(
  engine: object,
  path: string,
  request: string,
  key: string,
  unknown: boolean,
): void {
  if (unknown) keptOf(engine).set(`${path}\n${request}`, key);
  else keptOf(engine).delete(`${path}\n${request}`);
}
