import { sql, type Transaction } from 'kysely';
import type { Database, Db } from './schema.js';

export type Trx = Transaction<Database>;

/**
 * Runs `fn` in a transaction: `db` itself when it is one already (a write inside writeOnce, which
 * keeps an idempotency key's reply in the same commit), else a new one.
 */
export function inTransaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn);
}

/**
 * Runs `fn` in a transaction (inTransaction) that holds the row lock `name` until it commits. The lock is an
 * upsert of one row: PostgreSQL holds its row lock (a second instance's upsert of the same name
 * waits for the commit), SQLite its write lock (the transaction begins with a write, so a second
 * process waits in busy_timeout). Checks made inside see every write the previous holder committed.
 */
export async function withRowLock<T>(db: Db, name: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto('row_locks')
      .values({ name, version: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ version: sql<number>`row_locks.version + 1` }))
      .execute();
    return fn(trx);
  });
}
