// The URL rules. Ruling 11: follow http(s) URLs and app paths, refuse everything else. Issue 20
// §4: what a document writes may not send anything off-site. Pictures and frames load only from
// origins the host trusts (this app's and the configured ones); a page or native address on
// another origin is followed only when it is exactly an address the server sent (a payment page),
// never one the document put together (a pixel carrying params.sessionId). Issue 29 §4 (D-31): an
// address the server sent goes to the native bridge whatever its scheme (a partner app's), except
// the schemes that run or read something in place (NEVER_NATIVE).
import type { Host } from './host';

/**
 * What a document may write (the checker's side of Host.trusts): the origins besides the app's own
 * (`https://cdn.example`) and the app's own schemes (`pesoquick:`).
 */
export interface UrlPolicy {
  origins: readonly string[];
  schemes: readonly string[];
  /**
   * The page parameters that carry the borrower's session, device or identity (issue 28 item 3):
   * no address a document builds from them may go to another origin. Undefined: every parameter.
   */
  identity?: readonly string[];
}

export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '') return null;
  // App-relative paths, but not protocol-relative ones (//evil.example) or backslash tricks.
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function isExternal(url: string): boolean {
  return /^https?:/i.test(url);
}

/** A path on this app's own server: one / before each plain segment, no `//`, no `..` (call.schema.json). */
export const API_PATH = /^(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;

/** A string that reads as an address with a scheme: `scheme://…`, or one of the scripting schemes. */
export const SCRIPTABLE_OR_URL = /^\s*([A-Za-z][A-Za-z0-9+.-]*:\/\/|(javascript|vbscript|data|blob|file):)/i;

/** Schemes no address may have on its way to the native side, whoever sent it: they run or read in place. */
export const NEVER_NATIVE = /^\s*(javascript|vbscript|data|blob|file):/i;

/**
 * The addresses a server reply carries, added to `into`: http(s) ones normalised as safeUrl does,
 * others (`partner://…`, `intent:…`) as sent, trimmed, unless NEVER_NATIVE. Provenance by value:
 * an address is the server's when it is, character for character, a string a reply to this screen
 * carried; whatever a document builds that equals one adds nothing the server did not send.
 */
export function collectUrls(data: unknown, into: Set<string>): void {
  const stack: unknown[] = [data];
  // A bound, so a pathological reply costs a bounded walk; addresses sit near the top anyway.
  for (let seen = 0; stack.length > 0 && seen < 200_000; seen++) {
    const value = stack.pop();
    if (typeof value === 'string') {
      const text = value.trim();
      const url = isExternal(text)
        ? safeUrl(text)
        : /^[a-z][\w+.-]*:\S+$/i.test(text) && !NEVER_NATIVE.test(text) && text;
      if (url) into.add(url);
    } else if (value && typeof value === 'object') {
      for (const child of Object.values(value)) stack.push(child);
    }
  }
}

/**
 * Whether a text carries a secret: it is the secret, or holds it when the secret is 6 characters
 * or more, so that a short id cannot swallow an amount.
 */
export const carries = (text: string, secret: string): boolean =>
  text === secret || (secret.length > 5 && text.includes(secret));

/**
 * The run-time wall of issue 28 item 3: an absolute address that carries one of the page's
 * identity values (Host.identity: the session and device ids, URL-safe as issued), unless it is
 * exactly one the server sent. The checker refuses the documents that build one
 * (renderer/validate/identityLint.ts); this catches the documents that never met it, as long as
 * the value is carried as it is (a value the document transformed is the checker's to refuse).
 */
export const carriesIdentity = (host: Host, vouched: ReadonlySet<string>, url: string): boolean =>
  isExternal(url) && !vouched.has(url) && (host.identity?.() ?? []).some((id) => carries(url, id));

/**
 * A block's address that carries an identity value to another site: the block is not drawn, and
 * its boundary (BlockView) reports `offsite-session`. The message names no address: it has the id.
 */
export function refuseIdentity(host: Host, vouched: ReadonlySet<string>, url: string): void {
  if (carriesIdentity(host, vouched, url))
    throw Object.assign(new Error('The address carries the session or device id'), {
      code: 'offsite-session',
    });
}

/**
 * Whether a page or native address (already through safeUrl for a page, trimmed for the native
 * side) may be handed on: it is exactly an address the server sent to this screen, or the host trusts it (app
 * path, own or allowed origin, app scheme) and it carries no identity value.
 */
export const mayFollow = (host: Host, vouched: ReadonlySet<string>, url: string): boolean =>
  // `vouched` holds only what the server sent (collectUrls), never a NEVER_NATIVE scheme.
  vouched.has(url) || (host.trusts(url) && !carriesIdentity(host, vouched, url));

/**
 * A picture's or frame's address: http(s) or an app path, from an origin the host trusts; else
 * null. One that carries an identity value to another site refuses the block (refuseIdentity).
 */
export function loadableUrl(host: Host, value: unknown, vouched: ReadonlySet<string>): string | null {
  const url = safeUrl(value);
  if (!url || !host.trusts(url)) return null;
  refuseIdentity(host, vouched, url);
  return url;
}

const PAGE_ACTIONS = new Set(['openPage', 'openPageSingle']);

/**
 * The addresses a native bridge payload carries: a page action's `url` (or the payload itself when
 * it is one value), whatever it looks like, and any top-level value that reads as an address.
 */
export function bridgeAddresses(name: string, payload: unknown): string[] {
  const fields = payload !== null && typeof payload === 'object' && !Array.isArray(payload);
  const values = fields ? Object.values(payload) : [payload];
  const page = PAGE_ACTIONS.has(name)
    ? fields
      ? (payload as Record<string, unknown>).url
      : payload
    : undefined;
  return values.filter(
    (v): v is string => typeof v === 'string' && (v === page || SCRIPTABLE_OR_URL.test(v)),
  );
}

export const isPageAction = (name: string) => PAGE_ACTIONS.has(name);

/** `{"$": "result.data…"}`: an address that is the call's reply itself, not one the document built. */
export function readsReply(to: unknown): boolean {
  if (!to || typeof to !== 'object' || Array.isArray(to)) return false;
  const path = (to as Record<string, unknown>).$;
  return Object.keys(to).length === 1 && typeof path === 'string' && /^result\.data(\.|$)/.test(path);
}
