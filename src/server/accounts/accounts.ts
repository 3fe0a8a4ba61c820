// Accounts: create, change, list; every change written to the audit log in the same transaction.
// The input's checks are account-input.ts's.
import type { Kysely, Selectable, Updateable } from 'kysely';
import { audit, type Actor } from '../audit/log.js';
import type { Database } from '../db/schema.js';
import { Refusal } from '../lib/refusal.js';
import { checkRoles, cleanName, usernameOf } from './account-input.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { parseRoles, type Role } from './roles.js';
import type { StudioAccountsTable } from './tables.js';

export { ROLES, type Role } from './roles.js';

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

export type AccountRow = Selectable<StudioAccountsTable>;

export interface NewAccount {
  username: unknown;
  displayName?: unknown;
  roles: unknown;
  password: unknown;
  /** Seeded by the demo (signs in only while the server runs as the demo). */
  demo?: boolean;
}

export interface AccountChanges {
  displayName?: unknown;
  roles?: unknown;
  disabled?: unknown;
  password?: unknown;
}

export interface Accounts {
  byId(id: number): Promise<Account | null>;
  /** The row (with its password hash), for sign-in and the account commands. */
  byName(username: string): Promise<AccountRow | undefined>;
  list(): Promise<Account[]>;
  create(input: NewAccount, actor: Actor): Promise<Account>;
  /**
   * Changes an account. A new password, other roles or disabling ends the account's sessions
   * (the caller does that, when `endSessions`: sessions are another module).
   */
  update(
    id: number,
    changes: AccountChanges,
    actor: Actor,
  ): Promise<{ account: Account; endSessions: boolean }>;
  /** A password change by the account itself (checked against the current one by the caller). */
  setOwnPassword(id: number, password: string, actor: Actor): Promise<void>;
  /** Replaces a hash with a stronger one after a successful sign-in (not an account change). */
  rehash(id: number, password: string): Promise<void>;
}

export interface AccountOptions {
  now: () => Date;
  /** scrypt cost (log2 N). */
  passwordCost?: number;
}

export function accountsOf(db: Kysely<Database>, options: AccountOptions): Accounts {
  const iso = () => options.now().toISOString();

  async function byId(id: number): Promise<Account | null> {
    const row = await db.selectFrom('studio_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async function byName(username: string): Promise<AccountRow | undefined> {
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

    async list() {
      const rows = await db.selectFrom('studio_accounts').selectAll().orderBy('username').execute();
      return rows.map(toAccount);
    },

    async create(input, actor) {
      const username = usernameOf(input.username);
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

    async update(id, changes, actor) {
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

    async setOwnPassword(id, password, actor) {
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

    async rehash(id, password) {
      const hash = await hashPassword(password, options.passwordCost);
      await db.updateTable('studio_accounts').set({ password_hash: hash }).where('id', '=', id).execute();
    },
  };
}
