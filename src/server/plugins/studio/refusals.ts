// The studio's refused privileged attempts in the audit log (issue 28 item 6): a foreign Host, a
// cross-site or non-JSON write, a missing role, a wrong CSRF token, a four-eyes refusal, a wrong
// current password. guard.ts's refuseAs marks the reply; this hook records it, with the account
// when the request had a session, before the reply leaves. audit/refusals.ts keeps a flood of them
// from growing the log without bound. A write without a session (401) is recorded as
// refused.session; a read without one is not: it is no one's attempt, and every expired tab
// polling would write one.
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../audit/log.js';
import { auditRefusal } from '../../audit/refusals.js';
import type { StudioDeps } from './services.js';

export function registerRefusalAudit(app: FastifyInstance, s: StudioDeps): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const refusal = reply.studioRefusal;
    if (!refusal) return payload;
    const session = request.studioSession ?? null;
    const actor: Actor = session
      ? { id: session.account.id, name: session.account.username, ip: request.ip }
      : { id: null, name: 'anonymous', ip: request.ip };
    const path = request.url.split('?')[0]!.slice(0, 200);
    // As sent (the refusal may come before the route's schema turned them into numbers).
    const params = Object.entries((request.params ?? {}) as Record<string, unknown>);
    try {
      await auditRefusal(s.db, {
        at: s.cfg.now().toISOString(),
        actor,
        action: `refused.${refusal.kind}`,
        target: `route:${request.method} ${request.routeOptions.url ?? path}`,
        source: session ? `account:${session.account.id}` : `ip:${request.ip}`,
        detail: {
          reason: refusal.reason,
          status: reply.statusCode,
          path,
          ...(params.length ? { params: Object.fromEntries(params.map(([k, v]) => [k, String(v)])) } : {}),
        },
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not record a refused studio request');
    }
    return payload;
  });
}
