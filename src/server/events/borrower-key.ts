import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_KEYS } from '../../config/sessionParams.js';
import type { Db } from '../db/schema.js';

/**
 * The pseudonymous borrower key of every event (and, later, of sticky experiment assignment):
 * HMAC-SHA256 with a server secret over a stable id, cut to 128 bits. The stable id is the
 * native app's device id when the page was opened with one (spec P-01 `deviceId`), otherwise a
 * first-party random id the server keeps in a cookie. Never the session id (it changes at every
 * sign-in and is a credential) and never a phone number.
 */
export const VISITOR_COOKIE = 'lender_vid';
const VISITOR_ID = /(?:^|;)\s*lender_vid=([A-Za-z0-9_-]{22})\s*(?:;|$)/;
/** Browsers cap a cookie's life at 400 days. */
const VISITOR_MAX_AGE_S = 400 * 24 * 3600;
const SECRET_KEY = 'events.borrower-key-secret';

/** Ids minted for requests that had none: asked twice (an experiment, then the page), one id. */
const minted = new WeakMap<FastifyRequest, string>();

/** The first-party id the browser sent, if it is one of ours. */
export function visitorIdOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  return (typeof header === 'string' && VISITOR_ID.exec(header)?.[1]) || null;
}

/** The request's first-party id, minting one (and setting its cookie on the reply) when it has none. */
export function ensureVisitorId(request: FastifyRequest, reply: FastifyReply): string {
  const known = visitorIdOf(request) ?? minted.get(request);
  if (known) return known;
  const id = randomBytes(16).toString('base64url');
  minted.set(request, id);
  // Production is served over HTTPS, perhaps behind a proxy that does not say so.
  const secure = request.protocol === 'https' || request.server.cfg.production ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${VISITOR_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure}`,
  );
  // A shared cache must never hand this borrower's id to the next one (a page kept nowhere, such
  // as a preview link's, stays so).
  if (reply.getHeader('Cache-Control') !== 'no-store') reply.header('Cache-Control', 'private, no-cache');
  return id;
}

/** A device id worth keying on: present and plausibly an id (not a placeholder or a whole document). */
export function usableDeviceId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id.length >= 4 && id.length <= 128 ? id : null;
}

/** The host's session cookie (src/host/session.ts): the identity of the last page that carried one. */
const SESSION_COOKIE = /(?:^|;)\s*lender_session=([^;]*)/;

export function sessionCookieOf(request: FastifyRequest): Record<string, unknown> {
  const header = request.headers.cookie;
  const raw = typeof header === 'string' ? SESSION_COOKIE.exec(header)?.[1] : undefined;
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {}; // not ours, or damaged
  }
}

/**
 * The native app's device id behind a page or document request, found as the page's host finds
 * it (src/host/session.ts `commonParams`), so that the key an experiment assigns with is the key
 * the page's events carry: the query's `deviceId` when the query has an identity, else the
 * `lender_session` cookie's (the identity of the last page that had one; /screens/ requests
 * carry no query).
 */
export function deviceOfRequest(request: FastifyRequest): string | null {
  const q = request.url.indexOf('?');
  if (q !== -1) {
    const query = new URLSearchParams(request.url.slice(q + 1));
    if (COOKIE_KEYS.some((key) => query.get(key))) return usableDeviceId(query.get('deviceId'));
  }
  return usableDeviceId(sessionCookieOf(request).deviceId);
}

/**
 * Marks a reply as this borrower's own (an experiment's arm): no shared cache may keep it for
 * another borrower, and the browser's own cache keys it on the cookie that chose it.
 */
export function keyedByBorrower(reply: FastifyReply): void {
  if (reply.getHeader('Cache-Control') !== 'no-store') reply.header('Cache-Control', 'private, no-cache');
  reply.header('Vary', 'Accept-Encoding, Cookie');
}

export function borrowerKey(secret: string, ids: { device: string | null; visitor: string }): string {
  const stable = ids.device ? `device:${ids.device}` : `visitor:${ids.visitor}`;
  return createHmac('sha256', secret).update(stable).digest('base64url').slice(0, 22);
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
