import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseJson } from '../db/json.js';
import { writeOnce } from '../idempotency/index.js';
import { access } from '../identity/index.js';
import { captchaSvg } from '../lib/captcha-svg.js';
import { fail, ok, registerFamilyErrors } from '../lib/envelope.js';
import { createRateLimiter } from '../lib/rate-limit.js';
import { IMAGE_CSP } from '../lib/security-headers.js';
import { SERVER_GOALS } from '../events/goals.js';
import { recordEvent } from '../repos/events.js';
import * as reg from '../repos/registration.js';
import { promoSchemas as s } from '../schemas/promo.js';

/** Codes and messages of the promotion family (spec §8; 12..14 and 102 are ours, docs/api.md). */
export const PROMO = {
  smsSent: [0, '验证码已发送，请在手机上查看！'],
  registered: [0, '注册成功'],
  alreadyRegistered: [11, '您已注册,请直接下载APP登录！'],
  resendBlocked: [12, '请勿重复发送验证码!'],
  smsExpired: [13, '短信验证码已失效，请重新获取！'],
  smsWrong: [14, '请正确输入短信验证码！'],
  badPhone: [102, '请正确输入手机号！'],
  captchaWrongSms: [101, '图形验证码错误，请重新输入！'],
  captchaWrongRegister: [-1, '图形验证码错误，请重新输入！'],
} as const;

/** SMS sends per client address and per captcha session in a window (docs/api.md, get-sms code 12). */
export const SMS_LIMITS = { perClient: 30, perSession: 5, windowMs: 10 * 60_000 } as const;

/** Both the spec's rule and the Philippine rule of D-04 are accepted; a template picks what it shows. */
export const PHONE_RULE = /^(1[3-9]\d{9}|09\d{9})$/;

type Reply = (typeof PROMO)[keyof typeof PROMO];
const answer = ([code, message]: Reply) =>
  code === 0 ? ok('promo', {}, message) : fail('promo', code, message);

interface SmsBody {
  phone: string;
  capcode: string;
  sid: string;
}

/** Promotion landing and registration (§7.3, api base /api/v2/youmi/). */
export default async function registrationPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'promo');
  const db = app.db;
  const base = '/api/v2/youmi';
  /** Whether the published manifest maps this landing template id to a screen. */
  const mappedLanding = (id: string) => {
    const templates = app.content.published().manifest?.promo?.landing?.templates ?? {};
    return Object.prototype.hasOwnProperty.call(templates, id);
  };

  app.get(
    `${base}/service/channel/channel-template`,
    { schema: s.template, ...access.public },
    async (request, reply) => {
      const { templateId } = request.query as { templateId: number };
      const row = await db
        .selectFrom('landing_templates')
        .selectAll()
        .where('id', '=', templateId)
        .executeTakeFirst();
      if (row) return ok('promo', { id: row.id, config: parseJson(row.config_json, {}) }, 'success', '00');
      // A landing template id mapped in the studio is a landing of its own (issue 29 §5): its
      // document carries its words, and the landing's fallbacks cover what template data would.
      if (!mappedLanding(String(templateId)))
        return reply.code(404).send(fail('promo', '404', 'Template not found'));
      return ok('promo', { id: templateId, config: {} }, 'success', '00');
    },
  );

  for (const kind of ['track-visit', 'track-click'] as const) {
    app.get(`${base}/promotion/${kind}`, { schema: s.track, ...access.public }, async (request) => {
      await recordEvent(db, 'anonymous', kind, request.query);
      return ok('promo', {});
    });
  }

  app.get(`${base}/promotion/get-sid`, { schema: s.sid, ...access.public }, async () => {
    return ok('promo', { sid: await reg.createSession(db) }, 'success', '0');
  });

  app.get(
    `${base}/promotion/get-captcha`,
    { schema: s.captcha, ...access.public },
    async (request, reply) => {
      const { sid } = request.query as { sid: string };
      const text = await reg.renewCaptcha(db, sid);
      if (!text) return reply.code(404).send(fail('promo', '404', 'Unknown sid'));
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', IMAGE_CSP)
        .send(captchaSvg(text));
    },
  );

  // SMS cost money and reach strangers' phones: besides one code per phone a minute, a client
  // address and a solved captcha each get a few sends per window (code 12, like a resend).
  const perClient = createRateLimiter(SMS_LIMITS.perClient, SMS_LIMITS.windowMs);
  const perSession = createRateLimiter(SMS_LIMITS.perSession, SMS_LIMITS.windowMs);
  /** Phones with a send in progress: a second request racing the first is a resend. */
  const sending = new Set<string>();

  app.post(`${base}/promotion/get-sms`, { schema: s.sms, ...access.public }, async (request) => {
    const b = request.body as SmsBody;
    const phone = b.phone.trim();
    if (!PHONE_RULE.test(phone)) return answer(PROMO.badPhone);
    if (!(await reg.checkCaptcha(db, b.sid, b.capcode))) return answer(PROMO.captchaWrongSms);
    if (await reg.isRegistered(db, phone)) return answer(PROMO.alreadyRegistered);
    // Everything from here to the insert is reserved synchronously, then released if no code goes out.
    if (sending.has(phone)) return answer(PROMO.resendBlocked);
    if (!perClient.take(request.ip)) return answer(PROMO.resendBlocked);
    if (!perSession.take(b.sid)) {
      perClient.giveBack(request.ip);
      return answer(PROMO.resendBlocked);
    }
    sending.add(phone);
    try {
      const last = await reg.latestSms(db, phone);
      if (last && Date.now() - Date.parse(last.sent_at) < reg.RESEND_MS) {
        perClient.giveBack(request.ip);
        perSession.giveBack(b.sid);
        return answer(PROMO.resendBlocked);
      }
      const code = await reg.issueSms(db, phone, b.sid);
      app.announceCode('sms', phone, code);
      return answer(PROMO.smsSent);
    } finally {
      sending.delete(phone);
    }
  });

  // Anonymous (§6), so its idempotency keys belong to the captcha session that filled the form.
  const register = {
    schema: s.register,
    config: {
      ...access.public.config,
      idempotencyScope: (request: FastifyRequest) => `sid:${(request.body as SmsBody).sid}`,
    },
  };
  app.post(`${base}/promotion/register`, register, async (request, reply) => {
    const b = request.body as SmsBody & Record<string, string | undefined>;
    const phone = b.phone.trim();
    if (!PHONE_RULE.test(phone)) return answer(PROMO.badPhone);
    if (!(await reg.checkCaptcha(db, b.sid, b.capcode))) return answer(PROMO.captchaWrongRegister);
    if (await reg.isRegistered(db, phone)) return answer(PROMO.alreadyRegistered);
    const sms = await reg.checkSms(db, phone, b.smsCode ?? '');
    if (sms === 'expired') return answer(PROMO.smsExpired);
    if (sms === 'wrong') return answer(PROMO.smsWrong);
    const registration = {
      phone,
      sid: b.sid,
      appName: b.appName ?? '',
      templateId: b.id ?? '',
      appFrom: b.app_from ?? '',
      userFrom: b.user_from ?? '',
      utmTag: b.utm_tag ?? '',
      inviteCode: b.invite_code ?? '',
    };
    let created = false;
    const registered = await writeOnce(request, reply, async (trx) => {
      created = await reg.register(trx, registration);
      return answer(created ? PROMO.registered : PROMO.alreadyRegistered);
    });
    // The landing's conversion, recorded by the server (a page's claim of it never counts).
    if (created) app.measurement.goal(request, SERVER_GOALS.registration);
    return registered;
  });
}
