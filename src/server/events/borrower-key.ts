import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/schema.js';
import { DEMO_BORROWER, type VerifySession } from '../identity/types.js';
import { createRateLimiter } from '../lib/rate-limit.js';
import { sessionCookieValue } from '../lib/session-cookie.js';
import { createAddressTags, addressPrefix } from './address.js';

/**
 * The pseudonymous borrower key of every event and of experiment assignment: HMAC-SHA256 with a
 * server secret over a stable id, cut to 128 bits. Never the session id (it changes at every
 * sign-in and is a credential) and never a phone number.
 *
 * It travels in one first-party cookie, `lender_vid`, that the server sets, so that a page, its
 * documents and its events carry one key (issue 28 item 1, docs/decisions.md):
 * - `<22 characters>`: a random first-party id; the key is HMAC("visitor:" + id). Any id of that
 *   shape is taken (an id the client chose is worth no more than one it asks for);
 * - `d.<key>.<signature>`: the native app's device, once a page was opened with a `deviceId` and a
 *   session the lender's identity check verified; the key is HMAC("device:" + deviceId), the
 *   signature the server's own. A device id alone proves nothing (anyone can make one up), so it
 *   keys nobody until a verified session vouches for it; with the demo's identities (any session
 *   is "valid") it never does.
 */
export const VISITOR_COOKIE = 'lender_vid';
const COOKIE = /(?:^|;)\s*lender_vid=([A-Za-z0-9_-]{22}|d\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})\s*(?:;|$)/;
/** Browsers cap a cookie's life at 400 days. */
const MAX_AGE_S = 400 * 24 * 3600;
const SECRET_KEY = 'events.borrower-key-secret';
/** Devices one verified borrower may bind in a day (two phones, a reinstall): more is someone minting keys. */
export const DEVICES_PER_BORROWER = { limit: 5, windowMs: 24 * 3600 * 1000 } as const;

export interface BorrowerKeys {
  /** The key of the request's borrower; a new first-party id (its cookie set on `reply`) when it has none of ours. */
  keyOf(request: FastifyRequest, reply: FastifyReply): string;
  /** The key of the cookie the request carries, when it is one of ours; never makes one. */
  knownKeyOf(request: FastifyRequest): string | null;
  /**
   * A page's borrower: its key, as `keyOf`; but when the native app opened the page (`sessionId`
   * and `deviceId` in its query) and the lender's identity check verifies the session, the device
   * keys this borrower from now on (the cookie is bound to it).
   */
  identify(request: FastifyRequest, reply: FastifyReply): Promise<string>;
  /** The key of a native device id (what a bound cookie carries). */
  deviceKey(deviceId: string): string;
  /** The keyed tag of the request's address (address.ts): stored, never the address. */
  addressTag(request: FastifyRequest): string;
  /** The request's address prefix (address.ts), for throttles kept in memory. */
  addressOf(request: FastifyRequest): string;
}

/** A device id worth keying on: present and plausibly an id (not a placeholder or a whole document). */
export function usableDeviceId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id.length >= 4 && id.length <= 128 ? id : null;
}

/** The host's session cookie (src/host/session.ts): the identity of the last page that carried one. */
export function sessionCookieOf(request: FastifyRequest): Record<string, unknown> {
  const raw = sessionCookieValue(request.headers.cookie);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {}; // not ours, or damaged
  }
}

/**
 * Marks a reply as this borrower's own (an experiment's arm): no shared cache may keep it for
 * another borrower, and the browser's own cache keys it on the cookie that chose it.
 */
export function keyedByBorrower(reply: FastifyReply): void {
  if (reply.getHeader('Cache-Control') !== 'no-store') reply.header('Cache-Control', 'private, no-cache');
  reply.header('Vary', 'Accept-Encoding, Cookie');
}

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url').slice(0, 22);

export function borrowerKey(secret: string, ids: { device: string | null; visitor: string }): string {
  return hmac(secret, ids.device ? `device:${ids.device}` : `visitor:${ids.visitor}`);
}

export interface KeysOptions {
  secret: string;
  /** The lender's session check; null when sessions are not verified (the demo's identities). */
  verify: VerifySession | null;
  /** Production: the cookie is always Secure (TLS may end at a proxy). */
  production: boolean;
}

export function createBorrowerKeys({ secret, verify, production }: KeysOptions): BorrowerKeys {
  /** Each request's key, once found or made (a page asks for it twice: its experiment, then its cookie). */
  const keys = new WeakMap<FastifyRequest, string>();
  const tags = createAddressTags(secret);
  const bindings = createRateLimiter(DEVICES_PER_BORROWER.limit, DEVICES_PER_BORROWER.windowMs);
  const signature = (key: string) => hmac(secret, `bound:${key}`);

  function setCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
    // Production is served over HTTPS, perhaps behind a proxy that does not say so.
    const secure = request.protocol === 'https' || production ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${VISITOR_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax; HttpOnly${secure}`,
    );
    // A shared cache must never hand this borrower's id to the next one (a page kept nowhere, such
    // as a preview link's, stays so).
    if (reply.getHeader('Cache-Control') !== 'no-store') reply.header('Cache-Control', 'private, no-cache');
  }

  function fromCookie(request: FastifyRequest): string | null {
    const header = request.headers.cookie;
    const value = typeof header === 'string' ? COOKIE.exec(header)?.[1] : undefined;
    if (!value) return null;
    if (!value.startsWith('d.')) return borrowerKey(secret, { device: null, visitor: value });
    const key = value.slice(2, 24);
    const given = Buffer.from(value.slice(25));
    const expected = Buffer.from(signature(key));
    // Not ours (forged or from another secret): as if there were none.
    return given.length === expected.length && timingSafeEqual(given, expected) ? key : null;
  }

  function knownKeyOf(request: FastifyRequest): string | null {
    let key = keys.get(request);
    if (key === undefined) {
      const found = fromCookie(request);
      if (found === null) return null;
      keys.set(request, (key = found));
    }
    return key;
  }

  function keyOf(request: FastifyRequest, reply: FastifyReply): string {
    const known = knownKeyOf(request);
    if (known) return known;
    const id = randomBytes(16).toString('base64url');
    setCookie(request, reply, id);
    const key = borrowerKey(secret, { device: null, visitor: id });
    keys.set(request, key);
    return key;
  }

  async function vouch(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const q = request.url.indexOf('?');
    if (!verify || q === -1) return;
    const query = new URLSearchParams(request.url.slice(q + 1));
    const device = usableDeviceId(query.get('deviceId'));
    const session = query.get('sessionId')?.trim();
    if (!device || !session) return;
    const key = borrowerKey(secret, { device, visitor: '' });
    // Bound already (by an earlier page of this device): nothing to check again.
    if (knownKeyOf(request) === key) return;
    let borrower: string | null = null;
    try {
      borrower = (await verify(session))?.id ?? null;
    } catch (error) {
      request.log.warn({ err: error }, 'session check failed: the page is keyed by its first-party id');
    }
    if (!borrower || borrower === DEMO_BORROWER || !bindings.take(borrower)) return;
    setCookie(request, reply, `d.${key}.${signature(key)}`);
    keys.set(request, key);
  }

  return {
    knownKeyOf,
    keyOf,
    async identify(request, reply) {
      await vouch(request, reply);
      return keyOf(request, reply);
    },
    deviceKey: (deviceId) => borrowerKey(secret, { device: deviceId, visitor: '' }),
    addressTag: (request) => tags(request.ip),
    addressOf: (request) => addressPrefix(request.ip),
  };
}

/**
 * The configured secret, or the one kept in the database: every instance and every restart must
 * derive the same key for a borrower, or assignments would not be sticky. The first instance to
 * start writes it; the others read it.
 */
export async function loadSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('app_meta')
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SECRET_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}
