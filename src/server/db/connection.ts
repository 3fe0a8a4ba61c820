import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './schema.js';

export type DbTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string | undefined };

export interface DbHandle {
  db: Db;
  kind: DbTarget['kind'];
  /** Schema that holds the migration tables (PostgreSQL with a private schema only). */
  schema?: string | undefined;
  close(): Promise<void>;
}

export function openDb(target: DbTarget): DbHandle {
  return target.kind === 'sqlite' ? openSqlite(target.file) : openPostgres(target.url, target.schema);
}

function openSqlite(file: string): DbHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL + synchronous=FULL: a transaction that returned is on disk before the reply goes out, so a
  // complaint answered '00' survives SIGKILL or power loss. busy_timeout covers a second process.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
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

function openPostgres(url: string, schema: string | undefined): DbHandle {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  }
  // A private schema (tests) is selected per connection, so every query stays unqualified.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('connect', nameStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', schema, close: () => db.destroy() };
}

/** Queries worth preparing: the fixed shapes the repositories build (not migrations' DDL). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const MAX_NAMED = 500;
const statementNames = new Map<string, string>();

/** One name per SQL text for the process; a name is never given to other text (a connection may hold it). */
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_NAMED && PREPARABLE.test(sql)) {
    name = `q${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * The PostgreSQL counterpart of reusingStatements: pg parses and plans an unnamed query every
 * time; a named one is prepared once per connection, then only bound and executed. Kysely calls
 * query(text, values); that form gets its text's name. Past the bound, new texts run unnamed.
 */
function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name =
      args.length === 2 && typeof text === 'string' && Array.isArray(values)
        ? statementName(text)
        : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}
