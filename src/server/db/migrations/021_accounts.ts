import type { Kysely } from 'kysely';
import { withSerialId } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/** Studio accounts and their server-side sessions (src/server/accounts/). */
export async function up(db: Kysely<any>): Promise<void> {
  await withSerialId(db, db.schema.createTable('studio_accounts'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull())
    .addColumn('demo', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('studio_sessions')
    // sha-256 of the cookie's token: a copy of the table does not hand out live sessions.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('studio_accounts.id'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('studio_sessions_account_idx')
    .on('studio_sessions')
    .column('account_id')
    .execute();
}
