import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/**
 * Measurement events (src/server/events/): the raw events, their daily aggregates, and the days
 * already rolled up. The raw table is the busiest insert of the server: one index only, and a key
 * that is 64-bit on PostgreSQL (a serial would run out at ~2 billion events). The index is on the
 * day alone: rows arrive in day order, so it grows at its right edge; a (day, screen, name) index
 * doubled SQLite's insert cost (new rows land in the middle of every day's screen and name groups).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('track_events');
  await (
    isPostgres(db)
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : // The rowid itself: no AUTOINCREMENT bookkeeping per insert; ids are never read as an order.
        table.addColumn('id', 'integer', (c) => c.primaryKey())
  )
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('revision', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('borrower', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('props_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('track_events_day_idx').on('track_events').column('day').execute();

  await db.schema
    .createTable('track_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('revision', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addColumn('borrowers', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('track_daily_pk', ['day', 'name', 'screen', 'revision', 'variant', 'label'])
    .execute();

  await db.schema
    .createTable('track_rollups')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addColumn('rolled_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['track_rollups', 'track_daily', 'track_events']) await db.schema.dropTable(t).execute();
}
