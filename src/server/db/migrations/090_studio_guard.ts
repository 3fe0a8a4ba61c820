import type { Kysely } from 'kysely';
import { withSerialId } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/**
 * Issue 28 items 6 and 7: refused sign-ins counted apart from the audit log (per account, address
 * and trusted device; an admin's unlock deletes an account's), the browsers an account has signed
 * in from (device cookies), the per-window counts that keep a flood of refusals from growing the
 * audit log without bound, and the devices a preview link has opened on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withSerialId(db, db.schema.createTable('studio_sign_in_failures'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    // sha-256 of the device cookie when it is one this account signed in from; else null.
    .addColumn('device', 'text')
    .execute();
  await db.schema
    .createIndex('studio_sign_in_failures_user_idx')
    .on('studio_sign_in_failures')
    .columns(['username', 'at'])
    .execute();
  await db.schema
    .createIndex('studio_sign_in_failures_ip_idx')
    .on('studio_sign_in_failures')
    .columns(['ip', 'at'])
    .execute();

  await db.schema
    .createTable('studio_devices')
    // sha-256 of the device cookie's token, and an account that signed in with it.
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('studio_accounts.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_devices_pk', ['token_hash', 'account_id'])
    .execute();

  await db.schema
    .createTable('audit_refusal_counts')
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('logged', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_refusal_counts_pk', ['window_start', 'source', 'action'])
    .execute();

  await withSerialId(db, db.schema.createTable('preview_claims'))
    // sha-256 of the link's token and of the opening device's cookie.
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('preview_claims_link_device', ['link', 'device'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['preview_claims', 'audit_refusal_counts', 'studio_devices', 'studio_sign_in_failures'])
    await db.schema.dropTable(t).execute();
}
