// Signing in and out, and the session the studio page reads (with its CSRF token).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LENDER_TIME_ZONE } from '../../../../renderer/calendar.js';
import type { Account } from '../../accounts/accounts.js';
import { verifyPassword } from '../../accounts/passwords.js';
import type { Session } from '../../accounts/sessions.js';
import { SESSION_MAX_MS } from '../../accounts/sessions.js';
import type { SignInLimit } from '../../accounts/sign-in-limits.js';
import { audit } from '../../audit/log.js';
import { DEVICE_DAYS } from '../../accounts/devices.js';
import { actorOf, deviceToken, refuse, refuseAs, setDeviceCookie, setSessionCookie } from './guard.js';
import type { StudioServices } from './services.js';

const accountView = (a: Account) => ({
  id: a.id,
  username: a.username,
  displayName: a.displayName,
  roles: a.roles,
});

export function sessionView(session: Session, fourEyes: boolean) {
  return {
    ok: true,
    account: accountView(session.account),
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
    fourEyes,
    // The lender's zone: the studio shows times in it (they are stored and sent in UTC).
    timeZone: LENDER_TIME_ZONE,
  };
}

/** Which limit, in the words of the 429's message. */
const LIMIT_WORDS: Record<SignInLimit, string> = {
  perDevice: 'for this account in this browser',
  perAccountAndAddress: 'for this account from your address',
  perAddress: 'from your address',
  perAccount: 'for this account from browsers it has not signed in from',
};

const minutes = (seconds: number) => {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
};

const credentials = {
  type: 'object',
  properties: { username: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 1024 } },
  required: ['username', 'password'],
} as const;

export function sessionRoutes(api: FastifyInstance, s: StudioServices): void {
  const { cfg } = s;

  api.get('/session', async (request) => sessionView(request.studioSession!, cfg.fourEyes));

  api.post<{ Body: { username: string; password: string } }>(
    '/session',
    { config: { roles: 'public' }, schema: { body: credentials } },
    async (request, reply) => {
      const result = await s.signIn({
        username: request.body.username,
        password: request.body.password,
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
        device: deviceToken(request),
      });
      // Recorded by signIn itself (a refusal of the audit log's kind), so not marked here.
      if (!result.ok && result.reason === 'limited')
        return refuse(
          reply.header('Retry-After', String(result.retryAfterSeconds)),
          429,
          `Too many failed sign-ins ${LIMIT_WORDS[result.limit]}: try again in ${minutes(result.retryAfterSeconds)}, or ask an admin to unlock the account`,
          { limit: result.limit, retryAfterSeconds: result.retryAfterSeconds },
        );
      if (!result.ok) return refuse(reply, 401, 'Wrong account name or password');
      setSessionCookie(reply, request, cfg, result.token, SESSION_MAX_MS / 1000);
      setDeviceCookie(reply, request, cfg, result.device, DEVICE_DAYS * 24 * 60 * 60);
      return sessionView(result.session, cfg.fourEyes);
    },
  );

  api.delete('/session', async (request: FastifyRequest, reply: FastifyReply) => {
    const session = request.studioSession!;
    await s.sessions.end(session.id);
    await audit(s.db, {
      at: cfg.now().toISOString(),
      actor: actorOf(request),
      action: 'session.sign-out',
      target: `account:${session.account.username}`,
    });
    setSessionCookie(reply, request, cfg, null, 0);
    return { ok: true };
  });

  api.post<{ Body: { current: string; password: string } }>(
    '/session/password',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            current: { type: 'string', maxLength: 1024 },
            password: { type: 'string', maxLength: 1024 },
          },
          required: ['current', 'password'],
        },
      },
    },
    async (request, reply) => {
      const session = request.studioSession!;
      const row = await s.accounts.byName(session.account.username);
      if (!row || !(await verifyPassword(request.body.current, row.password_hash, cfg.passwordCost)).ok)
        return refuseAs(reply, 'password', 403, 'The current password is wrong');
      await s.accounts.setOwnPassword(session.account.id, request.body.password, actorOf(request));
      // Everywhere else this account was signed in is signed out.
      await s.sessions.endAllOf(session.account.id, session.id);
      return { ok: true };
    },
  );
}
