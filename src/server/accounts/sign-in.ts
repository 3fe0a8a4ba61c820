// Sign-in: the password check, its limits (sign-in-limits.ts: per account and address, per
// trusted browser, per address, and a slower one per account) and its audit entries. Refused and
// limited attempts are refusals (audit/refusals.ts): recorded one by one up to a limit per address,
// then summed up, so guessing cannot flood the log.
import type { Kysely } from 'kysely';
import { audit, type Actor } from '../audit/log.js';
import { auditRefusal } from '../audit/refusals.js';
import type { Database } from '../db/schema.js';
import { toAccount, type Accounts } from './accounts.js';
import type { Devices } from './devices.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { Session, Sessions } from './sessions.js';
import type { SignInLimit, SignInLimits } from './sign-in-limits.js';

export type SignInResult =
  | { ok: true; token: string; session: Session; device: string }
  | { ok: false; reason: 'credentials' }
  | { ok: false; reason: 'limited'; limit: SignInLimit; retryAfterSeconds: number };

export interface SignInDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  sessions: Sessions;
  devices: Devices;
  limits: SignInLimits;
  now: () => Date;
  /** Whether demo accounts may sign in. */
  demo: boolean;
  passwordCost?: number;
}

export interface SignInInput {
  username: string;
  password: string;
  ip: string;
  userAgent: string;
  /** The browser's device cookie, when it sent one. */
  device?: string | undefined;
}

export function signInWith(deps: SignInDeps): (input: SignInInput) => Promise<SignInResult> {
  // Compared against when the name is unknown, so a miss costs as long as a wrong password.
  let decoy: Promise<string> | null = null;

  return async function signIn(input: SignInInput): Promise<SignInResult> {
    const at = deps.now().toISOString();
    const username = input.username.trim().toLowerCase().slice(0, 64);
    const target = `account:${username}`;
    const anonymous: Actor = { id: null, name: 'anonymous', ip: input.ip };
    const source = `ip:${input.ip}`;
    const trusted = await deps.devices.trusted(input.device, username);
    const attempt = { username, ip: input.ip, device: trusted };
    const limited = await deps.limits.check(attempt);
    if (limited) {
      await auditRefusal(deps.db, {
        at,
        actor: anonymous,
        action: 'session.sign-in-limited',
        target,
        source,
        detail: { limit: limited.limit, device: trusted ? 'trusted' : 'new' },
      });
      return { ok: false, reason: 'limited', ...limited };
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
      await deps.limits.fail(attempt);
      await auditRefusal(deps.db, {
        at,
        actor: anonymous,
        action: 'session.sign-in-failed',
        target,
        source,
        detail: { reason: why, device: trusted ? 'trusted' : 'new' },
      });
      return { ok: false, reason: 'credentials' };
    }
    if (checked.rehash) await deps.accounts.rehash(row.id, input.password);
    await deps.limits.succeeded(attempt);
    const made = await deps.sessions.create(row.id, input.ip, input.userAgent);
    const device = await deps.devices.remember(input.device, row.id);
    const account = toAccount(row);
    await audit(deps.db, {
      at,
      actor: { id: account.id, name: account.username, ip: input.ip },
      action: 'session.sign-in',
      target,
      detail: { roles: account.roles, device: trusted ? 'trusted' : 'new' },
    });
    return { ok: true, ...made, device };
  };
}
