// @vitest-environment node
// Statements are prepared once per SQL text (issue 10: preparing cost as much as running).
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { openDb, reusingStatements } from '../../src/server/db/connection.js';

describe('reusingStatements', () => {
  it('prepares each SQL text once and the statements still run with new parameters', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = reusingStatements(sqlite);
    db.prepare('create table t (v integer)').run();
    for (const v of [1, 2, 3]) db.prepare('insert into t (v) values (?)').run(v);
    expect(db.prepare('select sum(v) as s from t where v > ?').get(1)).toEqual({ s: 5 });
    expect(db.prepare('select sum(v) as s from t where v > ?').get(0)).toEqual({ s: 6 });
    expect(prepare).toHaveBeenCalledTimes(3);
    db.close();
  });

  it('stays bounded', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = reusingStatements(sqlite, 2);
    for (const n of [1, 2, 3, 1]) db.prepare(`select ${n}`).get();
    expect(prepare).toHaveBeenCalledTimes(4);
    db.close();
  });
});

// PostgreSQL: named statements, prepared once per connection (pg plans an unnamed query every time).
describe.runIf(process.env.DATABASE_URL)('PostgreSQL statements', () => {
  it('a repeated query is prepared once per connection and still answers with new parameters', async () => {
    const schema = `t_stmt_${process.pid}`;
    const handle = openDb({ kind: 'postgres', url: process.env.DATABASE_URL!, schema });
    try {
      await sql`create schema if not exists ${sql.id(schema)}`.execute(handle.db);
      await handle.db.connection().execute(async (db) => {
        await sql`create table t (v integer)`.execute(db);
        for (const v of [1, 2, 3])
          await db
            .insertInto('t' as never)
            .values({ v } as never)
            .execute();
        const sum = (min: number) =>
          sql<{ s: string }>`select sum(v) as s from t where v > ${min}`
            .execute(db)
            .then((r) => r.rows[0]!.s);
        expect(await sum(1)).toBe('5');
        expect(await sum(0)).toBe('6');
        const prepared = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements where statement like 'select sum(v)%'`.execute(db);
        expect(prepared.rows).toHaveLength(1);
        const inserts = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements where statement like 'insert%'`.execute(db);
        expect(inserts.rows).toHaveLength(1);
        // DDL runs unnamed.
        const ddl = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements where statement like 'create%'`.execute(db);
        expect(ddl.rows).toHaveLength(0);
      });
    } finally {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.close();
    }
  });
});
