// Who may call the studio and how: the Host header against the configured names (DNS
// rebinding), the session cookie, the role each route needs, and for every write a same-site
// check (Origin, Sec-Fetch-Site), a JSON body (a cross-site form cannot send one) and the session's
// CSRF token in X-CSRF-Token. Order: host, cross-site, session (401), role (403), CSRF token (403).
// Each refusal is marked for the audit log (refusals.ts), but a read's 401 (no one to speak of).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../accounts/accounts.js';
import type { Session, Sessions } from '../../accounts/sessions.js';
import type { Actor } from '../../audit/log.js';
import type { ResolvedConfig } from '../../config.js';

/** 'public': anyone (sign-in, the pages); 'signed-in': any account; a list: one of these roles. */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** Why a privileged attempt was refused, as its audit action says it (`refused.<kind>`). */
export type RefusalKind =
  | 'host'
  | 'cross-site'
  | 'not-json'
  | 'role'
  | 'csrf'
  | 'four-eyes'
  | 'password'
  /** An upload that is not a picture the studio takes, or too large (asset-routes.ts). */
  | 'asset'
  /** A body over the route's limit, refused before it is read. */
  | 'too-large'
  /** A write without a live session (401): an expired tab's save, or someone with no account. */
  | 'session';

declare module 'fastify' {
  interface FastifyContextConfig {
    roles?: Access;
    /** What a body over this route's limit is told (the default names the limit's size). */
    tooLarge?: string;
  }
  interface FastifyRequest {
    studioSession: Session | null;
  }
  interface FastifyReply {
    /** Set by refuseAs: the refusal the studio's audit hook records (refusals.ts). */
    studioRefusal: { kind: RefusalKind; reason: string } | null;
  }
}

export const EDITORS: readonly Role[] = ['editor', 'publisher'];
export const PUBLISHERS: readonly Role[] = ['publisher'];
export const ADMINS: readonly Role[] = ['admin'];
export const AUDITORS: readonly Role[] = ['publisher', 'admin'];

export const CSRF_HEADER = 'x-csrf-token';
const COOKIE = 'lender_studio';
/** The name under https: browsers refuse a __Secure- cookie without the Secure flag. */
const SECURE_COOKIE = '__Secure-lender_studio';
export const COOKIE_PATH = '/studio';
/** The browser's device cookie (accounts/devices.ts), sent only to sign-in. */
const DEVICE_COOKIE = 'lender_studio_device';
const SECURE_DEVICE_COOKIE = '__Secure-lender_studio_device';
export const DEVICE_COOKIE_PATH = '/studio/api/session';

export const refuse = (reply: FastifyReply, status: number, message: string, extra: object = {}) =>
  reply.code(status).send({ ok: false, message, ...extra });

/** A refused privileged attempt: answered like any refusal, and recorded in the audit log. */
export function refuseAs(
  reply: FastifyReply,
  kind: RefusalKind,
  status: number,
  message: string,
  extra: object = {},
) {
  reply.studioRefusal = { kind, reason: message };
  return refuse(reply, status, message, extra);
}

/** The host name of a Host header value ('[::1]:8787' -> '[::1]'), lower case. */
function hostname(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

/** An allowed entry without a port allows the name on any port; with one, exactly that. */
export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (!host) return false;
  const value = host.trim().toLowerCase();
  return allowed.some((entry) => (hostname(entry) === entry ? hostname(value) === entry : value === entry));
}

export function isSecure(request: FastifyRequest, cfg: ResolvedConfig): boolean {
  return cfg.cookieSecure === 'always' || (cfg.cookieSecure === 'auto' && request.protocol === 'https');
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, SECURE_COOKIE) ?? readCookie(request.headers.cookie, COOKIE);
}

export function deviceToken(request: FastifyRequest): string | undefined {
  return (
    readCookie(request.headers.cookie, SECURE_DEVICE_COOKIE) ??
    readCookie(request.headers.cookie, DEVICE_COOKIE)
  );
}

function setCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  cfg: ResolvedConfig,
  [plain, secureName, path]: readonly [string, string, string],
  token: string | null,
  maxAgeSeconds: number,
): void {
  const secure = isSecure(request, cfg);
  const name = secure ? secureName : plain;
  const attributes = [`Path=${path}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  const value = token === null ? `${name}=; Max-Age=0` : `${name}=${token}; Max-Age=${maxAgeSeconds}`;
  reply.header('Set-Cookie', `${value}; ${attributes.join('; ')}`);
}

/** Sets (token) or clears (null) the session cookie: HttpOnly, SameSite=Strict, Secure under https. */
export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  cfg: ResolvedConfig,
  token: string | null,
  maxAgeSeconds: number,
): void {
  setCookie(reply, request, cfg, [COOKIE, SECURE_COOKIE, COOKIE_PATH], token, maxAgeSeconds);
}

/** Sets the device cookie, like the session's but sent only to sign-in. */
export function setDeviceCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  cfg: ResolvedConfig,
  token: string,
  maxAgeSeconds: number,
): void {
  setCookie(
    reply,
    request,
    cfg,
    [DEVICE_COOKIE, SECURE_DEVICE_COOKIE, DEVICE_COOKIE_PATH],
    token,
    maxAgeSeconds,
  );
}

function same(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a write comes from a page of this origin (a foreign Origin or Sec-Fetch-Site refuses it). */
function sameSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    // Compared as URLs of the origin's scheme, so a default port written or not is the same.
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${String(request.headers.host ?? '')}`).host;
  } catch {
    return false;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function actorOf(request: FastifyRequest): Actor {
  const session = request.studioSession;
  if (!session) throw new Error('actorOf needs a signed-in request');
  return { id: session.account.id, name: session.account.username, ip: request.ip };
}

/** Refuses a foreign Host on everything the studio serves (pages included). */
export function registerHostCheck(app: FastifyInstance, cfg: ResolvedConfig): void {
  app.decorateReply('studioRefusal', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!hostAllowed(request.headers.host, cfg.studioHosts))
      return refuseAs(
        reply,
        'host',
        421,
        'This host name is not one the studio answers to (LENDER_STUDIO_HOSTS)',
      );
  });
}

export function registerGuard(api: FastifyInstance, cfg: ResolvedConfig, sessions: Sessions): void {
  api.decorateRequest('studioSession', null);
  api.addHook('onRequest', async (request, reply) => {
    const access: Access = request.routeOptions.config?.roles ?? 'signed-in';
    const write = !READS.has(request.method);
    // Who is refused, when the request names a live session: the audit entry's actor.
    const session = access === 'public' && !write ? null : await sessions.find(sessionToken(request));
    request.studioSession = session;
    if (write) {
      if (!sameSite(request)) return refuseAs(reply, 'cross-site', 403, 'Cross-site request refused');
      const type = String(request.headers['content-type'] ?? '');
      const hasBody =
        Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
      if (hasBody && !/^application\/json\s*(;|$)/i.test(type))
        return refuseAs(reply, 'not-json', 415, 'Send JSON (Content-Type: application/json)');
    }
    if (access === 'public') return;
    // A write without a session is an attempt on borrowers' screens: recorded (under the refusal
    // log's bounds). A read is not: every expired tab polling would write one.
    if (!session)
      return write
        ? refuseAs(reply, 'session', 401, 'Sign in to the studio first')
        : refuse(reply, 401, 'Sign in to the studio first');
    if (access !== 'signed-in' && !access.some((role) => session.account.roles.includes(role)))
      return refuseAs(reply, 'role', 403, `This needs the ${access.join(' or ')} role`);
    if (write && !same(request.headers[CSRF_HEADER], session.csrfToken))
      return refuseAs(reply, 'csrf', 403, 'Missing or wrong X-CSRF-Token header: reload the studio');
  });
}
