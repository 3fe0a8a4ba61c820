import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { DbHandle } from './connection.js';
import { migrationProvider } from './migrations/index.js';

/** Brings the schema to the latest version; throws (refusing to start) if a migration fails. */
export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  if (handle.kind === 'postgres' && handle.schema) {
    await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db);
  }
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider,
    // Work packages number their migrations in ranges (010-019, 020-039, 040-049) and land in any
    // order: a database that already ran 020 must still accept 010 when it arrives.
    allowUnorderedMigrations: true,
    // Without it the migrator would find another schema's migration table in a shared database.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
