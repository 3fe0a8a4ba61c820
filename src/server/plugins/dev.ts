import type { FastifyInstance } from 'fastify';
import { fail, ok, registerFamilyErrors } from '../lib/envelope.js';
import { latestVerifyCode } from '../repos/legacy.js';
import { latestSms } from '../repos/registration.js';
import { codeReply, fields, int, obj, routeSchema, str } from '../schemas/common.js';

/**
 * Development-only windows onto one-time codes, so the demo and the end-to-end tests can complete
 * registration and legacy repayment. Registered only when the dev flag is on.
 */
export default async function devPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'nepenthes');
  const db = app.db;
  const none = (what: string) => fail('nepenthes', '404', `No ${what}`);

  app.get(
    '/dev/sms-code',
    {
      schema: routeSchema({
        querystring: fields({ phone: str({ minLength: 1 }) }, ['phone']),
        reply: codeReply(obj({ phone: str(), smsCode: str(), expiresAt: str() })),
      }),
    },
    async (request, reply) => {
      const row = await latestSms(db, (request.query as { phone: string }).phone.trim());
      if (!row) return reply.code(404).send(none('SMS code for this phone'));
      return ok('nepenthes', { phone: row.phone, smsCode: row.code, expiresAt: row.expires_at });
    },
  );

  app.get(
    '/dev/captcha',
    {
      schema: routeSchema({
        querystring: fields({ sid: str({ minLength: 1 }) }, ['sid']),
        reply: codeReply(obj({ sid: str(), text: str() })),
      }),
    },
    async (request, reply) => {
      const { sid } = request.query as { sid: string };
      const row = await db
        .selectFrom('captcha_sessions')
        .select(['sid', 'text'])
        .where('sid', '=', sid)
        .executeTakeFirst();
      if (!row?.text) return reply.code(404).send(none('captcha for this sid'));
      return ok('nepenthes', { sid: row.sid, text: row.text });
    },
  );

  app.get(
    '/dev/verify-code',
    {
      schema: routeSchema({
        querystring: fields({ orderId: str({ minLength: 1 }) }, ['orderId']),
        reply: codeReply(obj({ verifyCode: str(), repaymentRecordId: int(), status: str() })),
      }),
    },
    async (request, reply) => {
      const row = await latestVerifyCode(db, (request.query as { orderId: string }).orderId);
      if (!row) return reply.code(404).send(none('verification code for this order'));
      return ok('nepenthes', { verifyCode: row.verify_code, repaymentRecordId: row.id, status: row.status });
    },
  );
}
