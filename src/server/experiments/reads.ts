// The experiments as the studio and the serving set read them. Nothing here writes.
import type { Selectable } from 'kysely';
import { parseJson } from '../db/json.js';
import { notFound } from '../lib/refusal.js';
import type { Db } from '../publishing/store.js';
import type { ActiveExperiment } from './serve.js';
import type { Experiment, ExperimentChange } from './experiment.js';
import type { ExperimentArmsTable, ExperimentsTable } from './tables.js';

function view(row: Selectable<ExperimentsTable>, arms: Selectable<ExperimentArmsTable>[]): Experiment {
  return {
    id: row.id,
    kind: row.kind,
    screen: row.screen,
    name: row.name,
    status: row.status,
    goal: row.goal,
    planned: row.planned,
    startedBy: row.started_by,
    startedAt: row.started_at,
    fourEyesWaived: row.four_eyes_waived === 1,
    endedBy: row.ended_by,
    endedAt: row.ended_at,
    winner: row.winner,
    publicationId: row.publication_id,
    arms: arms
      .filter((a) => a.experiment_id === row.id)
      .sort((x, y) => x.arm.localeCompare(y.arm))
      .map((a) => ({ arm: a.arm, revisionId: a.revision_id, weight: a.weight / 100 })),
    finalResults: parseJson<unknown>(row.results_json, null),
  };
}

export async function experimentRow(trx: Db, id: number): Promise<Selectable<ExperimentsTable>> {
  const row = await trx.selectFrom('experiments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`experiment ${id}`);
  return row;
}

export async function armRows(trx: Db, id: number): Promise<Selectable<ExperimentArmsTable>[]> {
  return trx.selectFrom('experiment_arms').selectAll().where('experiment_id', '=', id).execute();
}

export interface ExperimentReads {
  /** The newest 200, of one screen or all. */
  list(screen?: string): Promise<Experiment[]>;
  get(id: number): Promise<Experiment>;
  /** Its timeline: start, ramps, the end. */
  changes(id: number): Promise<ExperimentChange[]>;
  /** The newest change's id: it moves with every start, ramp, stop and promotion. */
  version(): Promise<number>;
  /** The running experiments with their arms' texts, for serving. */
  running(): Promise<ActiveExperiment[]>;
}

export function experimentReads(db: Db): ExperimentReads {
  return {
    async list(screen) {
      let query = db.selectFrom('experiments').selectAll().orderBy('id', 'desc').limit(200);
      if (screen) query = query.where('screen', '=', screen);
      const rows = await query.execute();
      const arms = rows.length
        ? await db
            .selectFrom('experiment_arms')
            .selectAll()
            .where(
              'experiment_id',
              'in',
              rows.map((r) => r.id),
            )
            .execute()
        : [];
      return rows.map((r) => view(r, arms));
    },

    async get(id) {
      const row = await experimentRow(db, id);
      return view(row, await armRows(db, id));
    },

    async changes(id) {
      const rows = await db
        .selectFrom('experiment_changes')
        .selectAll()
        .where('experiment_id', '=', id)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        action: r.action,
        actor: r.actor,
        at: r.at,
        detail: parseJson<Record<string, unknown>>(r.detail_json, {}),
      }));
    },

    async version() {
      const row = await db
        .selectFrom('experiment_changes')
        .select((eb) => eb.fn.max('id').as('v'))
        .executeTakeFirst();
      return Number(row?.v ?? 0);
    },

    async running() {
      const rows = await db
        .selectFrom('experiments as e')
        .innerJoin('experiment_arms as a', 'a.experiment_id', 'e.id')
        .leftJoin('content_revisions as r', 'r.id', 'a.revision_id')
        .select(['e.id', 'e.screen', 'a.arm', 'a.weight', 'a.revision_id', 'r.text'])
        .where('e.status', '=', 'running')
        .orderBy('e.id')
        .orderBy('a.arm')
        .execute();
      const byId = new Map<number, ActiveExperiment>();
      for (const r of rows) {
        let exp = byId.get(r.id);
        if (!exp) byId.set(r.id, (exp = { id: r.id, screen: r.screen, arms: [] }));
        exp.arms.push({ arm: r.arm, weight: r.weight, revisionId: r.revision_id, text: r.text ?? null });
      }
      return [...byId.values()];
    },
  };
}
