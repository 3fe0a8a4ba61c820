import type { Kysely } from 'kysely';
import { appendOnly } from './020_audit.js';
import { withSerialId } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/**
 * Staged rollouts and experiments (src/server/experiments/): an experiment per screen with its
 * arms (a revision each, or the live revision for the control) and their weights, and every change
 * to them in order (the version other instances compare, and the experiment's own timeline).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withSerialId(db, db.schema.createTable('experiments'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // 'screen:<id>' while it runs, null once it ended: one running experiment per screen.
    .addColumn('open_key', 'text', (c) => c.unique())
    .addColumn('goal', 'text', (c) => c.notNull())
    .addColumn('planned', 'integer', (c) => c.notNull())
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_by_id', 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('four_eyes_waived', 'integer', (c) => c.notNull())
    .addColumn('ended_by', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('winner', 'text')
    .addColumn('publication_id', 'integer')
    .addColumn('results_json', 'text')
    .execute();
  await db.schema.createIndex('experiments_screen_idx').on('experiments').columns(['screen', 'id']).execute();

  await db.schema
    .createTable('experiment_arms')
    .addColumn('experiment_id', 'integer', (c) => c.notNull())
    .addColumn('arm', 'text', (c) => c.notNull())
    // null: whatever revision is live (the control), so a fix published meanwhile still reaches it.
    .addColumn('revision_id', 'integer')
    // Basis points: 10000 is everyone.
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_arms_pk', ['experiment_id', 'arm'])
    .execute();

  await withSerialId(db, db.schema.createTable('experiment_changes'))
    .addColumn('experiment_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('detail_json', 'text', (c) => c.notNull())
    .execute();
  await appendOnly(db, 'experiment_changes');
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['experiment_changes', 'experiment_arms', 'experiments'])
    await db.schema.dropTable(t).execute();
}
