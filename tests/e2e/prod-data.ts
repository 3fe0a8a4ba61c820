// What a production server shows no test (it has no /dev/ endpoints), read from a clock server's
// database instead: the one-time SMS code the gateway would deliver to the phone, the captcha's
// text a person would read off the picture, and the events stored for one phone (keyed as the
// server keys them: src/server/events/borrower-key.ts, with the specs' event secret).
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { borrowerKey } from '../../src/server/events/borrower-key';
import { E2E_SECRETS } from './prod-env';
import { captchaSrc } from './public-helpers';

function read<T>(sqlitePath: string, query: string, ...params: unknown[]): T[] {
  const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The text of a captcha session's picture. */
export function captchaTextOf(sqlitePath: string, sid: string | null): string {
  const [row] = read<{ text: string }>(sqlitePath, 'select text from captcha_sessions where sid = ?', sid);
  if (!row) throw new Error(`no captcha for sid ${sid}`);
  return row.text;
}

/** The text of the captcha the page shows. */
export async function captchaText(sqlitePath: string, page: Page): Promise<string> {
  return captchaTextOf(sqlitePath, (await captchaSrc(page)).searchParams.get('sid'));
}

/** The last SMS code sent to a phone number. */
export function smsCodeOf(sqlitePath: string, phone: string): string {
  const [row] = read<{ code: string }>(
    sqlitePath,
    'select code from sms_codes where phone = ? order by id desc limit 1',
    phone,
  );
  if (!row) throw new Error(`no SMS code for ${phone}`);
  return row.code;
}

/** The events of one name stored for the phone of `page` (its first-party cookie). */
export async function phoneEvents(
  sqlitePath: string,
  page: Page,
  name: string,
): Promise<{ variant: string; source: string }[]> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'lender_vid')?.value ?? '';
  // A first-party id, or a device the server bound (`d.<key>.<signature>`, its key in the middle).
  const borrower = cookie.startsWith('d.')
    ? cookie.slice(2, 24)
    : borrowerKey(E2E_SECRETS.LENDER_EVENT_SECRET, { device: null, visitor: cookie });
  return read<{ variant: string; source: string }>(
    sqlitePath,
    'select variant, source from track_events where borrower = ? and name = ? order by at, id',
    borrower,
    name,
  );
}
