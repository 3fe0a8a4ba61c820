// Accounts: create, change, list; every change written to the audit log in the same transaction.
import type { Kysely, Updateable } from 'kysely';
import { audit, type Actor } from '../audit/log.js';
import type { Database } from '../db/schema.js';
import { Refusal } from '../lib/refusal.js';
import { hashPassword, passwordProblem } from './passwords.js';
import './tables.js';

export const ROLES = ['editor', 'publisher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const USERNAME = /^[a-z0-9][a-z0-9._-]{1,63}$/;

export interface Account {
  id: number;
  username: string;
  displayName: string;
  roles: Role[];
  disabled: boolean;
  demo: boolean;
  createdAt: string;
  updatedAt: string;
}

export function parseRoles(text: string): Role[] {
  return text.split(',').filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}

export function toAccount(row: {
  id: number;
  username: string;
  display_name: string;
  roles: string;
  disabled: number;
  demo: number;
  created_at: string;
  updated_at: string;
}): Account {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    roles: parseRoles(row.roles),
    disabled: row.disabled === 1,
    demo: row.demo === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Roles as given (a list of names), checked: at least one, all known, no repeats. */
export function checkRoles(value: unknown): Role[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new Refusal(400, `roles must be a non-empty list of ${ROLES.join(', ')}`);
  const roles = [...new Set(value)];
  for (const role of roles)
    if (!(ROLES as readonly unknown[]).includes(role))
      throw new Refusal(400, `unknown role '${String(role)}': use ${ROLES.join(', ')}`);
  return ROLES.filter((r) => roles.includes(r));
}

export interface AccountOptions {
  now: () => Date;
  /** scrypt cost (log2 N). */
  passwordCost?: number;
}

export function accountsOf(db: Kysely<Database>, options: AccountOptions) {
  const iso = () => options.now().toISOString();

  async function byId(id: number): Promise<Account | null> {
    const row = await db.selectFrom('studio_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async function byName(username: string) {
    return db.selectFrom('studio_accounts').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /** Enabled admins other than `except`: the last one may not lose the role or be disabled. */
  async function otherAdmins(trx: Kysely<Database>, except: number): Promise<number> {
    const rows = await trx
      .selectFrom('studio_accounts')
      .select(['id', 'roles'])
      .where('disabled', '=', 0)
      .where('id', '!=', except)
      .execute();
    return rows.filter((r) => parseRoles(r.roles).includes('admin')).length;
  }

  return {
    byId,
    byName,

    async list(): Promise<Account[]> {
      const rows = await db.selectFrom('studio_accounts').selectAll().orderBy('username').execute();
      return rows.map(toAccount);
    },

    async create(
      input: { username: unknown; displayName?: unknown; roles: unknown; password: unknown; demo?: boolean },
      actor: Actor,
    ): Promise<Account> {
      const username = typeof input.username === 'string' ? input.username.trim().toLowerCase() : '';
      if (!USERNAME.test(username))
        throw new Refusal(
          400,
          'username: 2-64 characters, lower-case letters, digits, dot, dash or underscore, starting with a letter or digit',
        );
      const roles = checkRoles(input.roles);
      const problem = passwordProblem(input.password);
      if (problem) throw new Refusal(400, problem);
      const displayName = cleanName(input.displayName, username);
      const hash = await hashPassword(input.password as string, options.passwordCost);
      return db.transaction().execute(async (trx) => {
        if (
          await trx
            .selectFrom('studio_accounts')
            .select('id')
            .where('username', '=', username)
            .executeTakeFirst()
        )
          throw new Refusal(409, `there is already an account '${username}'`);
        const at = iso();
        const row = await trx
          .insertInto('studio_accounts')
          .values({
            username,
            display_name: displayName,
            roles: roles.join(','),
            password_hash: hash,
            disabled: 0,
            demo: input.demo ? 1 : 0,
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, {
          at,
          actor,
          action: 'account.create',
          target: `account:${username}`,
          detail: { roles, displayName, ...(input.demo ? { demo: true } : {}) },
        });
        return toAccount(row);
      });
    },

    /**
     * Changes an account. A new password, other roles or disabling ends the account's sessions
     * (the caller does that: sessions are another module).
     */
    async update(
      id: number,
      changes: { displayName?: unknown; roles?: unknown; disabled?: unknown; password?: unknown },
      actor: Actor,
    ): Promise<{ account: Account; endSessions: boolean }> {
      const roles = changes.roles === undefined ? undefined : checkRoles(changes.roles);
      if (changes.disabled !== undefined && typeof changes.disabled !== 'boolean')
        throw new Refusal(400, 'disabled must be true or false');
      if (changes.password !== undefined) {
        const problem = passwordProblem(changes.password);
        if (problem) throw new Refusal(400, problem);
      }
      const hash =
        changes.password === undefined
          ? undefined
          : await hashPassword(changes.password as string, options.passwordCost);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('studio_accounts')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) throw new Refusal(404, `no account ${id}`);
        const before = toAccount(row);
        const losesAdmin =
          before.roles.includes('admin') &&
          ((roles !== undefined && !roles.includes('admin')) || changes.disabled === true);
        if (losesAdmin && !before.disabled && (await otherAdmins(trx, id)) === 0)
          throw new Refusal(409, 'this is the last admin: make another account admin first');
        const at = iso();
        const set: Updateable<Database['studio_accounts']> = { updated_at: at };
        const detail: Record<string, unknown> = {};
        if (changes.displayName !== undefined) {
          set.display_name = cleanName(changes.displayName, before.username);
          detail.displayName = set.display_name;
        }
        if (roles) {
          set.roles = roles.join(',');
          detail.roles = roles;
          detail.previousRoles = before.roles;
        }
        if (changes.disabled !== undefined) {
          set.disabled = changes.disabled ? 1 : 0;
          detail.disabled = changes.disabled;
        }
        if (hash) {
          set.password_hash = hash;
          detail.password = 'changed';
        }
        const updated = await trx
          .updateTable('studio_accounts')
          .set(set)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, {
          at,
          actor,
          action: 'account.update',
          target: `account:${before.username}`,
          detail,
        });
        return {
          account: toAccount(updated),
          endSessions: hash !== undefined || roles !== undefined || changes.disabled === true,
        };
      });
    },

    /** A password change by the account itself (checked against the current one by the caller). */
    async setOwnPassword(id: number, password: string, actor: Actor): Promise<void> {
      const problem = passwordProblem(password);
      if (problem) throw new Refusal(400, problem);
      const hash = await hashPassword(password, options.passwordCost);
      await db.transaction().execute(async (trx) => {
        const at = iso();
        const row = await trx
          .updateTable('studio_accounts')
          .set({ password_hash: hash, updated_at: at })
          .where('id', '=', id)
          .returning('username')
          .executeTakeFirstOrThrow();
        await audit(trx, {
          at,
          actor,
          action: 'account.password',
          target: `account:${row.username}`,
          detail: { by: 'self' },
        });
      });
    },

    /** Replaces a hash with a stronger one after a successful sign-in (not an account change). */
    async rehash(id: number, password: string): Promise<void> {
      const hash = await hashPassword(password, options.passwordCost);
      await db.updateTable('studio_accounts').set({ password_hash: hash }).where('id', '=', id).execute();
    },
  };
}

export type Accounts = ReturnType<typeof accountsOf>;

function cleanName(value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string') throw new Refusal(400, 'displayName must be text');
  // eslint-disable-next-line no-control-regex
  const name = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name.length === 0 || name.length > 100) throw new Refusal(400, 'displayName: 1-100 characters');
  return name;
}
