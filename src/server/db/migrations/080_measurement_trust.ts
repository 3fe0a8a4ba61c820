import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/**
 * Results an outsider cannot forge (issue 28 item 1, src/server/experiments/README.md):
 * - `track_events.source`: 'page' (sent by a borrower's page) or 'server' (a goal the server saw
 *   happen: a registration, an application, a repayment); '' for rows stored before this.
 * - `track_events.addr`: a keyed tag of the sender's address (an IPv4 address or an IPv6 /64,
 *   HMAC with the events' secret, never the address), for the results' per-address rules.
 * - `experiment_exposures`: each borrower key the server served an arm of an experiment, once per
 *   arm, with the first time and the address tag. An exposure is the server's record, not a claim.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('track_events')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('track_events')
    .addColumn('addr', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('experiment_exposures')
    .addColumn('experiment_id', 'integer', (c) => c.notNull())
    .addColumn('borrower', 'text', (c) => c.notNull())
    .addColumn('arm', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('addr', 'text', (c) => c.notNull())
    // One row per borrower and arm: the insert of a repeat exposure does nothing.
    .addPrimaryKeyConstraint('experiment_exposures_pk', ['experiment_id', 'borrower', 'arm'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('experiment_exposures').execute();
  await db.schema.alterTable('track_events').dropColumn('addr').execute();
  await db.schema.alterTable('track_events').dropColumn('source').execute();
}
