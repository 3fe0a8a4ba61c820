// @vitest-environment node
// SQLite statements are prepared once per SQL text (issue 10: preparing cost as much as running).
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { reusingStatements } from '../../src/server/db/connection.js';

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
