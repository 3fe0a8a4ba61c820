import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type Dialect } from 'kysely';
import { createDbHealth, type DbHealth } from './health.js';
import { ObservedDialect } from './observed.js';
import { postgresDialect } from './postgres.js';
import { DEFAULT_DB_SETTINGS, type DbSettings } from './settings.js';
import type { Database, Db } from './schema.js';

export type DbTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string | undefined };

export { DEFAULT_DB_SETTINGS, type DbSettings } from './settings.js';

export interface DbHandle {
  db: Db;
  kind: DbTarget['kind'];
  /** Schema that holds the migration tables (PostgreSQL with a private schema only). */
  schema?: string | undefined;
  /** What the statements met: a fault now, or none (health.ts). */
  health: DbHealth;
  close(): Promise<void>;
}

export function openDb(
  target: DbTarget,
  settings: DbSettings = DEFAULT_DB_SETTINGS,
  health: DbHealth = createDbHealth(),
): DbHandle {
  const dialect: Dialect =
    target.kind === 'sqlite'
      ? openSqlite(target.file)
      : postgresDialect(target.url, target.schema, settings, health);
  const db = new Kysely<Database>({ dialect: new ObservedDialect(dialect, health) });
  const schema = target.kind === 'postgres' ? target.schema : undefined;
  return { db, kind: target.kind, schema, health, close: () => db.destroy() };
}

function openSqlite(file: string): Dialect {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL + synchronous=FULL: a transaction that returned is on disk before the reply goes out, so a
  // complaint answered '00' survives SIGKILL or power loss. busy_timeout covers a second process.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return new SqliteDialect({ database: reusingStatements(sqlite) });
}

/**
 * Kysely prepares every query anew, and preparing a join costs SQLite about as much as running it
 * (bench/server-load.ts). better-sqlite3 statements are reusable, and Kysely's single connection
 * runs one query at a time, so each distinct SQL text is prepared once (a bounded cache: queries
 * are built from a fixed set of shapes, the bound only guards against a bug that inlines values).
 */
export function reusingStatements(sqlite: SqliteDatabase.Database, max = 500) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(sql: string): SqliteDatabase.Statement {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
