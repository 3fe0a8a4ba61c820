// Preview links for a draft: `<draft id>.<expiry, unix seconds>.<HMAC-SHA256>`, signed with a key
// from config or, by default, one generated once and kept in the database, so every instance
// accepts the links of the others. A link names one draft; it stops working when it expires or
// when the draft is closed (published or discarded), which the caller checks.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './store.js';

const KEY_ROW = 'preview_key';
const TOKEN = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface PreviewTokens {
  sign(draftId: number, expiresAt: Date): string;
  /** The draft a token names, when it is genuine and not expired at `now`. */
  verify(token: string, now: Date): { draftId: number; expiresAt: Date } | null;
}

export function previewTokens(key: Buffer): PreviewTokens {
  const mac = (payload: string) => createHmac('sha256', key).update(`preview:${payload}`).digest();
  return {
    sign(draftId, expiresAt) {
      const payload = `${draftId}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, draft, expiry, signature] = match as unknown as [string, string, string, string];
      // As text, against the one canonical spelling (the last character's spare bits would
      // otherwise give one link four spellings, each its own place in preview-claims.ts).
      const expected = Buffer.from(mac(`${draft}.${expiry}`).toString('base64url'));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expiresAt = new Date(Number(expiry) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return null;
      return { draftId: Number(draft), expiresAt };
    },
  };
}

/** The configured key, or the one kept in the database (made by the first instance that needs it). */
export async function previewKey(db: Db, configured: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db
    .insertInto('app_meta')
    .values({ key: KEY_ROW, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', KEY_ROW)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
