// The readiness check of the database (/readyz, issue 30). It asks what a borrower request needs:
// a connection that answers, to a primary (after a failover a stale address may lead to a
// standby, which refuses writes), and, after a write fault (a read-only or locked file, a full
// disk), a write that works again. Otherwise a write fault would keep the instance out of the
// balancer for good: no traffic, no write, no news that it is over.
import { sql } from 'kysely';
import type { DbHandle } from './connection.js';
import { DbFaultError, WRITE_FAULTS } from './faults.js';

export async function probeDatabase({ db, kind, health }: DbHandle): Promise<void> {
  try {
    if (kind === 'postgres') {
      const { rows } = await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(db);
      if (rows[0]?.standby)
        throw new DbFaultError({ kind: 'read-only', detail: 'connected to a standby (in recovery)' });
    } else await sql`select 1`.execute(db);
    const before = health.fault();
    if (before && WRITE_FAULTS.has(before.kind))
      await db
        .insertInto('row_locks')
        .values({ name: 'readiness-probe', version: 1 })
        .onConflict((oc) => oc.column('name').doUpdateSet({ version: sql<number>`row_locks.version + 1` }))
        .execute();
  } catch (error) {
    health.failed(error);
    throw error;
  }
  const fault = health.fault();
  if (fault) throw new DbFaultError(fault);
}
