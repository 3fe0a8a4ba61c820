// The readiness check of the database (/readyz, issue 30). It asks what a borrower request needs:
// a connection that answers, to a primary (after a failover a stale address may lead to a
// standby, which refuses writes), and, after a write fault (a read-only or locked file, a full
// disk), a write that works again. Without that last probe a write fault would keep the instance
// out of the balancer for good: no traffic, no write, no news that it is over.
import { sql } from 'kysely';
import type { DbHandle } from './connection.js';
import { dbFaultOf, DbFaultError, WRITE_FAULTS } from './faults.js';

const PROBE_KEY = 'readiness-probe';
/**
 * What the write probe commits (and deletes in the same transaction): enough new pages that a full
 * disk refuses it, where a one-row update in place could still pass.
 */
const ROOM = 'x'.repeat(64 * 1024);

export async function probeDatabase({
  db,
  kind,
  health,
}: Pick<DbHandle, 'db' | 'kind' | 'health'>): Promise<void> {
  try {
    if (kind === 'postgres') {
      const { rows } = await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(db);
      if (rows[0]?.standby)
        throw new DbFaultError({ kind: 'read-only', detail: 'connected to a standby (in recovery)' });
    } else await sql`select 1`.execute(db);
    const before = health.fault();
    if (before && WRITE_FAULTS.has(before.kind))
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('app_meta')
          .values({ key: PROBE_KEY, value: ROOM })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: ROOM }))
          .execute();
        await trx.deleteFrom('app_meta').where('key', '=', PROBE_KEY).execute();
      });
  } catch (error) {
    health.failed(error);
    const fault = dbFaultOf(error);
    throw fault ? new DbFaultError(fault) : error;
  }
  const fault = health.fault();
  if (fault) throw new DbFaultError(fault);
}
