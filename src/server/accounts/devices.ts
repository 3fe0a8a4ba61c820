// The browsers an account has signed in from (issue 28 item 6): a random token in a long-lived
// device cookie, its sha-256 in studio_devices with the account. A sign-in from such a browser is
// limited only by its own refusals (sign-in-limits.ts), so an outsider guessing passwords from
// elsewhere cannot lock the account's staff out. The cookie proves nothing else: it is never a
// session and never skips the password.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import './tables.js';

/** A device unused this long is forgotten (and its cookie expires then too). */
export const DEVICE_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface Devices {
  /** The device's hash when `token` is a browser `username` signed in from, else null. */
  trusted(token: string | undefined, username: string): Promise<string | null>;
  /** Remembers a successful sign-in's browser; returns its token (a new one when it had none). */
  remember(token: string | undefined, accountId: number): Promise<string>;
  /** Forgets devices unused for DEVICE_DAYS. */
  sweep(): Promise<void>;
}

export const deviceHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function devicesOf(db: Kysely<Database>, now: () => Date): Devices {
  return {
    async trusted(token, username) {
      if (!token || !TOKEN.test(token)) return null;
      const hash = deviceHash(token);
      const row = await db
        .selectFrom('studio_devices as d')
        .innerJoin('studio_accounts as a', 'a.id', 'd.account_id')
        .select('d.token_hash')
        .where('d.token_hash', '=', hash)
        .where('a.username', '=', username)
        .executeTakeFirst();
      return row ? hash : null;
    },

    async remember(token, accountId) {
      const kept = token && TOKEN.test(token) ? token : null;
      const use = kept ?? randomBytes(32).toString('base64url');
      const at = now().toISOString();
      await db
        .insertInto('studio_devices')
        .values({ token_hash: deviceHash(use), account_id: accountId, created_at: at, last_used_at: at })
        .onConflict((oc) => oc.columns(['token_hash', 'account_id']).doUpdateSet({ last_used_at: at }))
        .execute();
      return use;
    },

    async sweep() {
      const before = new Date(now().getTime() - DEVICE_DAYS * DAY_MS).toISOString();
      await db.deleteFrom('studio_devices').where('last_used_at', '<', before).execute();
    },
  };
}
