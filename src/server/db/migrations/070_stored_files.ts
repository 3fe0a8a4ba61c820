import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against an untyped Kysely by design */

/**
 * Issue 29 §5: uploaded files live in the database, so every instance behind a load balancer
 * serves what any of them received (they were files in UPLOADS_DIR, local to one instance). One
 * table for every kind of upload (complaint images now; the studio's pictures when it has them),
 * keyed by the random name the upload got.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
}
