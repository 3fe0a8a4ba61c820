import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/**
 * Issue 20: idempotency keys (key -> first reply, per borrower and route), row locks that
 * serialise the money writes of one order (and the uploads of one borrower) across instances,
 * uploads marked when a complaint uses them (the orphan clean-up keeps those), and the indexes the
 * new checks read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The database decides which of two identical requests runs: one insert wins.
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'route', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('row_locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('uploads')
    .addColumn('attached', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update uploads set attached = 1 where '/uploads/' || name in (select url from complaint_images)`.execute(
    db,
  );
  await db.schema
    .createIndex('uploads_borrower_idx')
    .on('uploads')
    .columns(['borrower_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('uploads_orphan_idx')
    .on('uploads')
    .columns(['attached', 'created_at'])
    .execute();

  await db.schema
    .createIndex('legacy_repayments_order_idx')
    .on('legacy_repayments')
    .columns(['order_id', 'borrower_id', 'status'])
    .execute();
  await db.schema
    .createIndex('pay_requests_order_idx')
    .on('pay_requests')
    .columns(['order_id', 'borrower_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pay_requests_order_idx').execute();
  await db.schema.dropIndex('legacy_repayments_order_idx').execute();
  await db.schema.dropIndex('uploads_orphan_idx').execute();
  await db.schema.dropIndex('uploads_borrower_idx').execute();
  await db.schema.alterTable('uploads').dropColumn('attached').execute();
  await db.schema.dropTable('row_locks').execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
