import { sql, type Kysely } from 'kysely';
import { isPostgres, withSerialId } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/**
 * The audit log (src/server/audit/): append-only, enforced by the database itself, so no code path
 * (nor a hand-run UPDATE) can rewrite who did what.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withSerialId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('draft_id', 'integer')
    .addColumn('revision_id', 'integer')
    .addColumn('detail_json', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor', 'id']).execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
  await appendOnly(db, 'audit_log');
}

/** Refuses UPDATE and DELETE on a table (the audit log, revisions): rows are written once. */
export async function appendOnly(
  db: Kysely<any>,
  table: 'audit_log' | 'content_revisions' | 'experiment_changes',
): Promise<void> {
  const message = `${table} is append-only`;
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function ${table}_append_only() returns trigger language plpgsql as $$ ` +
          `begin raise exception '${message}'; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_no_change before update or delete on ${table} ` +
          `for each row execute function ${table}_append_only()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_no_truncate before truncate on ${table} ` +
          `for each statement execute function ${table}_append_only()`,
      )
      .execute(db);
    return;
  }
  for (const event of ['update', 'delete'])
    await sql
      .raw(
        `create trigger ${table}_no_${event} before ${event} on ${table} ` +
          `begin select raise(abort, '${message}'); end`,
      )
      .execute(db);
}
