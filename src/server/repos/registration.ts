import { nowIso } from '../db/json.js';
import { inTransaction } from '../db/lock.js';
import type { Db } from '../db/schema.js';
import { randomCaptchaText } from '../lib/captcha-svg.js';
import { randomDigits, randomId } from '../lib/ids.js';

export const MAX_ATTEMPTS = 5;
export const SMS_TTL_MS = 5 * 60_000;
export const RESEND_MS = 60_000;

export async function createSession(db: Db): Promise<string> {
  const sid = randomId(20);
  await db
    .insertInto('captcha_sessions')
    .values({ sid, text: null, attempts: 0, created_at: nowIso() })
    .execute();
  return sid;
}

/** A fresh captcha text for the session (each image request draws a new one); null if no session. */
export async function renewCaptcha(db: Db, sid: string): Promise<string | null> {
  const text = randomCaptchaText();
  const result = await db
    .updateTable('captcha_sessions')
    .set({ text, attempts: 0 })
    .where('sid', '=', sid)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? text : null;
}

/**
 * Case-insensitive check. Wrong answers count; after MAX_ATTEMPTS the text is dropped so guessing
 * needs a new image. A right answer stays valid: send-code and register both carry it.
 */
export async function checkCaptcha(db: Db, sid: string, answer: string): Promise<boolean> {
  const row = await db.selectFrom('captcha_sessions').selectAll().where('sid', '=', sid).executeTakeFirst();
  if (!row || !row.text) return false;
  if (row.text.toUpperCase() === answer.trim().toUpperCase()) return true;
  const attempts = row.attempts + 1;
  await db
    .updateTable('captcha_sessions')
    .set({ attempts, ...(attempts >= MAX_ATTEMPTS ? { text: null } : {}) })
    .where('sid', '=', sid)
    .execute();
  return false;
}

export async function isRegistered(db: Db, phone: string): Promise<boolean> {
  return !!(await db.selectFrom('registrations').select('id').where('phone', '=', phone).executeTakeFirst());
}

export async function latestSms(db: Db, phone: string) {
  return db
    .selectFrom('sms_codes')
    .selectAll()
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function issueSms(db: Db, phone: string, sid: string, now = Date.now()): Promise<string> {
  const code = randomDigits(6);
  await db
    .insertInto('sms_codes')
    .values({
      phone,
      sid,
      code,
      attempts: 0,
      used: 0,
      sent_at: new Date(now).toISOString(),
      expires_at: new Date(now + SMS_TTL_MS).toISOString(),
    })
    .execute();
  return code;
}

export type SmsCheck = 'ok' | 'expired' | 'wrong';

export async function checkSms(db: Db, phone: string, code: string, now = Date.now()): Promise<SmsCheck> {
  const row = await latestSms(db, phone);
  if (!row || row.used || row.attempts >= MAX_ATTEMPTS || Date.parse(row.expires_at) < now) return 'expired';
  if (row.code === code.trim()) return 'ok';
  await db
    .updateTable('sms_codes')
    .set({ attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .execute();
  return 'wrong';
}

export interface Registration {
  phone: string;
  sid: string;
  appName: string;
  templateId: string;
  appFrom: string;
  userFrom: string;
  utmTag: string;
  inviteCode: string;
}

/** Creates the user and spends the SMS code and captcha; false if the phone registered meanwhile. */
export async function register(db: Db, r: Registration): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // On conflict, nothing: a failed statement would abort the caller's transaction (PostgreSQL).
    const created = await trx
      .insertInto('registrations')
      .values({
        phone: r.phone,
        sid: r.sid,
        app_name: r.appName,
        template_id: r.templateId,
        app_from: r.appFrom,
        user_from: r.userFrom,
        utm_tag: r.utmTag,
        invite_code: r.inviteCode,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('phone').doNothing())
      .returning('phone')
      .executeTakeFirst();
    if (!created) return false;
    await trx.updateTable('sms_codes').set({ used: 1 }).where('phone', '=', r.phone).execute();
    await trx.updateTable('captcha_sessions').set({ text: null }).where('sid', '=', r.sid).execute();
    return true;
  });
}
