// Sign-in: the password check, its limits and its audit entries. The limits are counted from the
// audit log itself (refused sign-ins in the last 15 minutes), so they hold across server instances
// sharing one database: 5 refusals per account name, 20 per client address.
import type { Kysely } from 'kysely';
import { audit, countSince, type Actor } from '../audit/log.js';
import type { Database } from '../db/schema.js';
import { toAccount, type Accounts } from './accounts.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { Session, Sessions } from './sessions.js';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LIMITS = { perAccount: 5, perAddress: 20 } as const;

export type SignInResult =
  | { ok: true; token: string; session: Session }
  | { ok: false; reason: 'credentials' }
  | { ok: false; reason: 'limited'; retryAfterSeconds: number };

export interface SignInDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  sessions: Sessions;
  now: () => Date;
  /** Whether demo accounts may sign in. */
  demo: boolean;
  passwordCost?: number;
}

export function signInWith(deps: SignInDeps) {
  // Compared against when the name is unknown, so a miss costs as long as a wrong password.
  let decoy: Promise<string> | null = null;

  return async function signIn(input: {
    username: string;
    password: string;
    ip: string;
    userAgent: string;
  }): Promise<SignInResult> {
    const at = deps.now();
    const username = input.username.trim().toLowerCase().slice(0, 64);
    const target = `account:${username}`;
    const anonymous: Actor = { id: null, name: 'anonymous', ip: input.ip };
    const since = new Date(at.getTime() - SIGN_IN_WINDOW_MS).toISOString();
    const failed = 'session.sign-in-failed';
    const [forAccount, fromAddress] = await Promise.all([
      countSince(deps.db, failed, { target }, since),
      countSince(deps.db, failed, { ip: input.ip }, since),
    ]);
    if (forAccount >= SIGN_IN_LIMITS.perAccount || fromAddress >= SIGN_IN_LIMITS.perAddress) {
      await audit(deps.db, {
        at: at.toISOString(),
        actor: anonymous,
        action: 'session.sign-in-limited',
        target,
        detail: { limit: forAccount >= SIGN_IN_LIMITS.perAccount ? 'account' : 'address' },
      });
      return { ok: false, reason: 'limited', retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000 };
    }

    const row = await deps.accounts.byName(username);
    decoy ??= hashPassword('not the password of anyone', deps.passwordCost);
    const checked = await verifyPassword(
      input.password,
      row?.password_hash ?? (await decoy),
      deps.passwordCost,
    );
    const why = !row
      ? 'unknown account'
      : !checked.ok
        ? 'wrong password'
        : row.disabled === 1
          ? 'account disabled'
          : row.demo === 1 && !deps.demo
            ? 'demo account outside the demo'
            : null;
    if (why || !row) {
      await audit(deps.db, {
        at: at.toISOString(),
        actor: anonymous,
        action: failed,
        target,
        detail: { reason: why },
      });
      return { ok: false, reason: 'credentials' };
    }
    if (checked.rehash) await deps.accounts.rehash(row.id, input.password);
    const made = await deps.sessions.create(row.id, input.ip, input.userAgent);
    const account = toAccount(row);
    await audit(deps.db, {
      at: at.toISOString(),
      actor: { id: account.id, name: account.username, ip: input.ip },
      action: 'session.sign-in',
      target,
      detail: { roles: account.roles },
    });
    return { ok: true, ...made };
  };
}
