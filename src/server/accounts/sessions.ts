// Server-side sessions: the cookie holds a random token; the database holds its sha-256, the
// account, the CSRF token and the expiry. A session lives 2 hours from its last use and 12 hours
// at most; a sign-out, a new password, other roles or a disabled account end it.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toAccount, type Account } from './accounts.js';
import './tables.js';

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** A session's last use is written at most this often (every studio request reads it). */
const TOUCH_EVERY_MS = 60 * 1000;

export interface Session {
  /** sha-256 of the token (the row's key). */
  id: string;
  account: Account;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionOptions {
  now: () => Date;
  /** Whether demo accounts may be used (the demo server only). */
  demo: boolean;
}

export interface Sessions {
  /** A new session of the account: the token for the cookie (only its digest is stored). */
  create(accountId: number, ip: string, userAgent: string): Promise<{ token: string; session: Session }>;
  /** The live session of a cookie's token, extended by its use; null when absent or over. */
  find(token: string | undefined): Promise<Session | null>;
  end(sessionId: string): Promise<void>;
  /** Ends every session of an account, but `keep` (the one making a password change). */
  endAllOf(accountId: number, keep?: string): Promise<void>;
  /** Drops expired sessions (run now and then; an expired one is refused anyway). */
  sweep(): Promise<void>;
}

export function sessionsOf(db: Kysely<Database>, options: SessionOptions): Sessions {
  const { now } = options;

  return {
    async create(accountId, ip, userAgent) {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expires = new Date(at.getTime() + Math.min(SESSION_IDLE_MS, SESSION_MAX_MS));
      const row = {
        id: digest(token),
        account_id: accountId,
        csrf_token: randomBytes(32).toString('base64url'),
        created_at: at.toISOString(),
        last_seen_at: at.toISOString(),
        expires_at: expires.toISOString(),
        ip: ip.slice(0, 64),
        user_agent: userAgent.slice(0, 300),
      };
      await db.insertInto('studio_sessions').values(row).execute();
      const account = await db
        .selectFrom('studio_accounts')
        .selectAll()
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      return {
        token,
        session: {
          id: row.id,
          account: toAccount(account),
          csrfToken: row.csrf_token,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
        },
      };
    },

    async find(token) {
      if (!token || !TOKEN.test(token)) return null;
      const id = digest(token);
      const row = await db
        .selectFrom('studio_sessions as s')
        .innerJoin('studio_accounts as a', 'a.id', 's.account_id')
        .select([
          's.id as sid',
          's.csrf_token',
          's.created_at as s_created',
          's.last_seen_at',
          's.expires_at',
          'a.id',
          'a.username',
          'a.display_name',
          'a.roles',
          'a.disabled',
          'a.demo',
          'a.created_at',
          'a.updated_at',
        ])
        .where('s.id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const at = now();
      if (row.expires_at <= at.toISOString() || row.disabled === 1 || (row.demo === 1 && !options.demo)) {
        await db.deleteFrom('studio_sessions').where('id', '=', id).execute();
        return null;
      }
      let expiresAt = row.expires_at;
      if (at.getTime() - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) {
        const cap = Date.parse(row.s_created) + SESSION_MAX_MS;
        expiresAt = new Date(Math.min(at.getTime() + SESSION_IDLE_MS, cap)).toISOString();
        await db
          .updateTable('studio_sessions')
          .set({ last_seen_at: at.toISOString(), expires_at: expiresAt })
          .where('id', '=', id)
          .execute();
      }
      return {
        id,
        account: toAccount(row),
        csrfToken: row.csrf_token,
        createdAt: row.s_created,
        expiresAt,
      };
    },

    async end(sessionId) {
      await db.deleteFrom('studio_sessions').where('id', '=', sessionId).execute();
    },

    async endAllOf(accountId, keep) {
      let query = db.deleteFrom('studio_sessions').where('account_id', '=', accountId);
      if (keep) query = query.where('id', '!=', keep);
      await query.execute();
    },

    async sweep() {
      await db.deleteFrom('studio_sessions').where('expires_at', '<=', now().toISOString()).execute();
    },
  };
}
