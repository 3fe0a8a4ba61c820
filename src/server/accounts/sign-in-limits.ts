// How many refused sign-ins an attempt may follow (issue 28 item 6). Refusals are rows of
// studio_sign_in_failures, shared by every instance; each is counted by who could have made it:
//
// - from a browser this account signed in from before (its device cookie, devices.ts): 5 per
//   15 minutes for that account on that browser, and nothing else limits it;
// - from anywhere else: 5 per 15 minutes for the account from one address, 20 per 15 minutes from
//   one address whatever the account, and, slower, 30 per hour for the account from all addresses
//   together (a guess spread over many addresses).
//
// So an outsider's wrong passwords lock the outsider's address, and at worst new browsers out of
// one account for an hour; never a staff member on a browser they signed in from. An admin's
// unlock forgets an account's refusals (audited); a success forgets those of its address or device.
import type { Kysely } from 'kysely';
import { audit, type Actor } from '../audit/log.js';
import type { Database } from '../db/schema.js';
import './tables.js';

const MINUTE = 60 * 1000;
export const SIGN_IN_LIMITS = {
  perDevice: { count: 5, windowMs: 15 * MINUTE },
  perAccountAndAddress: { count: 5, windowMs: 15 * MINUTE },
  perAddress: { count: 20, windowMs: 15 * MINUTE },
  perAccount: { count: 30, windowMs: 60 * MINUTE },
} as const;
export type SignInLimit = keyof typeof SIGN_IN_LIMITS;

export interface Attempt {
  username: string;
  ip: string;
  /** The sha-256 of a device cookie this account signed in with before; null otherwise. */
  device: string | null;
}

export interface SignInLimits {
  /** The limit this attempt is over, and in how many seconds it lifts; null when it may go on. */
  check(attempt: Attempt): Promise<{ limit: SignInLimit; retryAfterSeconds: number } | null>;
  /** Counts a refused attempt. */
  fail(attempt: Attempt): Promise<void>;
  /** A success forgets the refusals of its device, or of its account from its address. */
  succeeded(attempt: Attempt): Promise<void>;
  /** Refusals of an account in the last hour, and whether new browsers are held back. */
  status(username: string): Promise<{ failures: number; limited: boolean }>;
  /** Forgets every refusal of an account (an admin's unlock), recorded in the audit log. */
  unlock(username: string, actor: Actor): Promise<number>;
  /** Drops refusals too old to count. */
  sweep(): Promise<void>;
}

export function signInLimitsOf(db: Kysely<Database>, now: () => Date): SignInLimits {
  const since = (windowMs: number) => new Date(now().getTime() - windowMs).toISOString();
  const failures = () => db.selectFrom('studio_sign_in_failures');
  type Query = ReturnType<typeof failures>;

  /** Seconds until fewer than the limit's count remain in its window, or null when under it. */
  async function over(query: Query, limit: SignInLimit): Promise<number | null> {
    const { count, windowMs } = SIGN_IN_LIMITS[limit];
    const row = await query
      .select('at')
      .where('at', '>=', since(windowMs))
      .orderBy('at', 'desc')
      .limit(1)
      .offset(count - 1)
      .executeTakeFirst();
    if (!row) return null;
    return Math.max(1, Math.ceil((Date.parse(row.at) + windowMs - now().getTime()) / 1000));
  }

  return {
    async check({ username, ip, device }) {
      const checks: [SignInLimit, Query][] = device
        ? [['perDevice', failures().where('username', '=', username).where('device', '=', device)]]
        : [
            [
              'perAccountAndAddress',
              failures().where('username', '=', username).where('ip', '=', ip).where('device', 'is', null),
            ],
            ['perAddress', failures().where('ip', '=', ip).where('device', 'is', null)],
            ['perAccount', failures().where('username', '=', username).where('device', 'is', null)],
          ];
      for (const [limit, query] of checks) {
        const retryAfterSeconds = await over(query, limit);
        if (retryAfterSeconds !== null) return { limit, retryAfterSeconds };
      }
      return null;
    },

    async fail({ username, ip, device }) {
      await db
        .insertInto('studio_sign_in_failures')
        .values({ at: now().toISOString(), username, ip: ip.slice(0, 64), device })
        .execute();
    },

    async succeeded({ username, ip, device }) {
      let query = db.deleteFrom('studio_sign_in_failures').where('username', '=', username);
      query = device
        ? query.where('device', '=', device)
        : query.where('ip', '=', ip).where('device', 'is', null);
      await query.execute();
    },

    async status(username) {
      const row = await failures()
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('username', '=', username)
        .where('at', '>=', since(SIGN_IN_LIMITS.perAccount.windowMs))
        .executeTakeFirst();
      const limited =
        (await over(
          failures().where('username', '=', username).where('device', 'is', null),
          'perAccount',
        )) !== null;
      return { failures: Number(row?.n ?? 0), limited };
    },

    async unlock(username, actor) {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('studio_sign_in_failures')
          .where('username', '=', username)
          .executeTakeFirst();
        const forgotten = Number(removed.numDeletedRows);
        await audit(trx, {
          at: now().toISOString(),
          actor,
          action: 'account.unlock',
          target: `account:${username}`,
          detail: { refusalsForgotten: forgotten },
        });
        return forgotten;
      });
    },

    async sweep() {
      const oldest = Math.max(...Object.values(SIGN_IN_LIMITS).map((l) => l.windowMs));
      await db.deleteFrom('studio_sign_in_failures').where('at', '<', since(oldest)).execute();
    },
  };
}
