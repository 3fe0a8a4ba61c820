import { nowIso } from '../db/json.js';
import type { Db } from '../db/schema.js';
import { SERVER_GOAL_NAMES } from './goals.js';
import { manilaDay } from './ingest.js';

const DAY_MS = 24 * 3600 * 1000;
/** Days rolled up per run: a server that was off for months catches up over a few runs. */
const DAYS_PER_RUN = 31;

/**
 * Raw events older than the retention become one row per day, event, screen, revision, variant
 * and label (events and distinct borrowers of that day), and the raw rows go. Each day is done in
 * one transaction that first claims the day in track_rollups: with several instances (or
 * processes on one SQLite file) the second claim waits for the first transaction and then finds
 * the day taken, so a day is never counted twice, and a crash mid-way leaves the day untouched.
 * A page's claim of a goal the server records itself (goals.ts) is left out of the aggregates: the
 * server's own row of that name is the count.
 */
export async function rollUp(db: Db, retentionDays: number, now = Date.now()): Promise<string[]> {
  const before = manilaDay(now - retentionDays * DAY_MS);
  const days = await db
    .selectFrom('track_events')
    .select('day')
    .distinct()
    .where('day', '<', before)
    .orderBy('day')
    .limit(DAYS_PER_RUN)
    .execute();
  const rolled: string[] = [];
  for (const { day } of days) if (await rollUpDay(db, day)) rolled.push(day);
  return rolled;
}

async function rollUpDay(db: Db, day: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .insertInto('track_rollups')
      .values({ day, events: 0, rolled_at: nowIso() })
      .onConflict((oc) => oc.column('day').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx
      .insertInto('track_daily')
      .columns(['day', 'name', 'screen', 'revision', 'variant', 'label', 'events', 'borrowers'])
      .expression((eb) =>
        eb
          .selectFrom('track_events')
          .select((s) => [
            'day',
            'name',
            'screen',
            'revision',
            'variant',
            'label',
            s.fn.countAll<number>().as('events'),
            s.fn.count<number>('borrower').distinct().as('borrowers'),
          ])
          .where('day', '=', day)
          .where((eb) => eb.or([eb('source', '!=', 'page'), eb('name', 'not in', [...SERVER_GOAL_NAMES])]))
          .groupBy(['day', 'name', 'screen', 'revision', 'variant', 'label']),
      )
      .execute();
    const removed = await trx.deleteFrom('track_events').where('day', '=', day).executeTakeFirst();
    await trx
      .updateTable('track_rollups')
      .set({ events: Number(removed.numDeletedRows) })
      .where('day', '=', day)
      .execute();
    return true;
  });
}
