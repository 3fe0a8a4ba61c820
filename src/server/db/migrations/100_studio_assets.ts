import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/**
 * Issue 25: the studio's uploaded pictures. The bytes live in stored_files (migration 070: one
 * table for every kind of upload) under the asset's name, `<sha-256 of the bytes>.<ext>`, so an
 * upload of the same picture is the same row; this table says which stored files are studio
 * assets (never a borrower's complaint image), what they were called and who uploaded them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_assets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_assets_created_idx').on('studio_assets').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_assets').execute();
}
