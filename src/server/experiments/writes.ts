// The experiments' changes: start, ramp (rollouts), stop (the kill switch) and promote, each
// checked and written in one transaction with its audit entry and a change row (the version every
// instance compares), and a notification to the other instances (PostgreSQL).
import { audit, type Actor } from '../audit/log.js';
import { toJson } from '../db/json.js';
import { Refusal } from '../lib/refusal.js';
import { checkAgainst, publishIn, readLiveSet, revisionRow, type Db } from '../publishing/store.js';
import { EVERYONE } from './assignment.js';
import type { Experiment } from './experiment.js';
import { basisPoints, startOf, type Start, type StartInput } from './input.js';
import { armRows, experimentRow, type ExperimentReads } from './reads.js';

export interface StoreDeps {
  db: Db;
  now: () => Date;
  fourEyes: boolean;
  notify(db: Db, version: number): Promise<void>;
}

export interface ExperimentWrites {
  start(input: StartInput, actor: Actor): Promise<Experiment>;
  /** A rollout's share of borrowers, raised (or lowered); those who had the new revision keep it when it grows. */
  ramp(id: number, input: { percent?: unknown }, actor: Actor): Promise<Experiment>;
  /** The kill switch: everyone gets the live revision (the control) again. */
  stop(id: number, actor: Actor, results: unknown): Promise<Experiment>;
  /**
   * Ends the experiment with `arm` as the winner: its revision is published (a publication like
   * any other, checked again) and everyone gets it. The control winning publishes nothing.
   */
  promote(id: number, input: { arm?: unknown }, actor: Actor, results: unknown): Promise<Experiment>;
}

/** Nobody who wrote an arm's revision (or any revision of its draft) may put it before borrowers. */
async function ownWork(trx: Db, revisionIds: number[], actor: Actor): Promise<boolean> {
  for (const id of revisionIds) {
    const revision = await revisionRow(trx, id);
    if (!revision) continue;
    if (revision.author_id !== null && revision.author_id === actor.id) return true;
    if (revision.draft_id === null) continue;
    const authors = await trx
      .selectFrom('content_revisions')
      .select('author_id')
      .where('draft_id', '=', revision.draft_id)
      .execute();
    if (authors.some((a) => a.author_id !== null && a.author_id === actor.id)) return true;
  }
  return false;
}

async function requireRunning(trx: Db, id: number, doing: string) {
  const row = await experimentRow(trx, id);
  if (row.status !== 'running')
    throw new Refusal(409, `experiment ${id} is ${row.status}: it cannot be ${doing}`, {
      status: row.status,
    });
  return row;
}

/** The screen is live, free of another experiment, and each arm's revision is its own and clean. */
async function checkStart(trx: Db, start: Start): Promise<{ liveRevisionId: number; variants: number[] }> {
  const { screen } = start;
  const doc = await trx
    .selectFrom('content_documents')
    .select('live_revision_id')
    .where('kind', '=', 'screen')
    .where('name', '=', screen)
    .executeTakeFirst();
  if (!doc?.live_revision_id)
    throw new Refusal(404, `screen '${screen}' is not published: publish it before experimenting on it`);
  const running = await trx
    .selectFrom('experiments')
    .select('id')
    .where('open_key', '=', `screen:${screen}`)
    .executeTakeFirst();
  if (running)
    throw new Refusal(409, `experiment ${running.id} is running on ${screen}: stop it first`, {
      experimentId: running.id,
    });
  const live = await readLiveSet(trx);
  const variants = start.arms.filter((a) => a.revisionId !== null).map((a) => a.revisionId!);
  for (const id of variants) {
    const revision = await revisionRow(trx, id);
    if (!revision || revision.kind !== 'screen' || revision.name !== screen)
      throw new Refusal(404, `revision ${id} of ${screen} does not exist`);
    if (id === doc.live_revision_id)
      throw new Refusal(400, `revision ${id} is live already: it is the control`);
    const checked = checkAgainst('screen', screen, revision.text, live);
    if (checked.errors > 0)
      throw new Refusal(
        422,
        `revision ${id} has ${checked.errors} error(s) and cannot be shown to borrowers`,
        {
          problems: checked.problems,
        },
      );
  }
  return { liveRevisionId: doc.live_revision_id, variants };
}

export function experimentWrites(deps: StoreDeps, reads: ExperimentReads): ExperimentWrites {
  const { db } = deps;
  const iso = () => deps.now().toISOString();

  /** A change row (its id is the version the instances compare), then the notification. */
  async function changed(trx: Db, id: number, action: string, actor: Actor, detail: object): Promise<void> {
    const row = await trx
      .insertInto('experiment_changes')
      .values({ experiment_id: id, action, actor: actor.name, at: iso(), detail_json: toJson(detail) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.notify(trx, row.id);
  }

  return {
    async start(input, actor) {
      const start = startOf(input);
      const { kind, screen, arms, goal, name, planned } = start;
      const created = await db.transaction().execute(async (trx) => {
        const { liveRevisionId, variants } = await checkStart(trx, start);
        const own = await ownWork(trx, variants, actor);
        if (own && deps.fourEyes)
          throw new Refusal(
            403,
            'you wrote a revision of this experiment: another publisher must start it (four eyes)',
          );
        const at = iso();
        const row = await trx
          .insertInto('experiments')
          .values({
            kind,
            screen,
            name,
            status: 'running',
            open_key: `screen:${screen}`,
            goal,
            planned,
            started_by: actor.name,
            started_by_id: actor.id,
            started_at: at,
            four_eyes_waived: own ? 1 : 0,
            ended_by: null,
            ended_at: null,
            winner: null,
            publication_id: null,
            results_json: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('experiment_arms')
          .values(
            arms.map((a) => ({
              experiment_id: row.id,
              arm: a.arm,
              revision_id: a.revisionId,
              weight: a.points,
            })),
          )
          .execute();
        const detail = {
          experimentId: row.id,
          kind,
          name,
          goal,
          planned,
          liveRevisionId,
          arms: arms.map((a) => ({ arm: a.arm, revisionId: a.revisionId, weight: a.points / 100 })),
          ...(own ? { fourEyesWaived: true } : {}),
        };
        await audit(trx, { at, actor, action: 'experiment.start', target: `screen:${screen}`, detail });
        await changed(trx, row.id, 'start', actor, detail);
        return row.id;
      });
      return reads.get(created);
    },

    async ramp(id, input, actor) {
      const points = basisPoints(input.percent, 'percent');
      await db.transaction().execute(async (trx) => {
        const row = await requireRunning(trx, id, 'ramped');
        if (row.kind !== 'rollout')
          throw new Refusal(
            409,
            'an experiment’s weights are fixed while it runs (the results would not hold)',
          );
        if (points === EVERYONE)
          throw new Refusal(400, 'a rollout to 100% is a publication: promote it instead');
        const before = (await armRows(trx, id)).find((a) => a.arm === 'b')?.weight ?? 0;
        await trx
          .updateTable('experiment_arms')
          .set({ weight: points })
          .where('experiment_id', '=', id)
          .where('arm', '=', 'b')
          .execute();
        await trx
          .updateTable('experiment_arms')
          .set({ weight: EVERYONE - points })
          .where('experiment_id', '=', id)
          .where('arm', '=', 'a')
          .execute();
        const detail = { experimentId: id, from: before / 100, to: points / 100 };
        await audit(trx, {
          at: iso(),
          actor,
          action: 'experiment.ramp',
          target: `screen:${row.screen}`,
          detail,
        });
        await changed(trx, id, 'ramp', actor, detail);
      });
      return reads.get(id);
    },

    async stop(id, actor, results) {
      await db.transaction().execute(async (trx) => {
        const row = await requireRunning(trx, id, 'stopped');
        const at = iso();
        await trx
          .updateTable('experiments')
          .set({
            status: 'stopped',
            open_key: null,
            ended_by: actor.name,
            ended_at: at,
            results_json: toJson(results),
          })
          .where('id', '=', id)
          .execute();
        const detail = { experimentId: id, kind: row.kind };
        await audit(trx, { at, actor, action: 'experiment.stop', target: `screen:${row.screen}`, detail });
        await changed(trx, id, 'stop', actor, detail);
      });
      return reads.get(id);
    },

    async promote(id, input, actor, results) {
      const key = input.arm;
      if (typeof key !== 'string') throw new Refusal(400, "arm must name an arm ('a', 'b', ...)");
      await db.transaction().execute(async (trx) => {
        const row = await experimentRow(trx, id);
        if (row.status === 'promoted')
          throw new Refusal(409, `experiment ${id} already promoted arm ${row.winner ?? ''}`, {
            status: row.status,
          });
        const arm = (await armRows(trx, id)).find((a) => a.arm === key);
        if (!arm) throw new Refusal(404, `experiment ${id} has no arm '${key}'`);
        const at = iso();
        let publicationId: number | null = null;
        if (arm.revision_id !== null) {
          const revision = await revisionRow(trx, arm.revision_id);
          publicationId = await publishIn(trx, {
            kind: 'screen',
            name: row.screen,
            revisionId: arm.revision_id,
            reason: 'experiment',
            actor,
            publishedBy: actor.name,
            at,
            draftId: revision?.draft_id ?? null,
            message: `${row.kind} ${id} (${row.name}): arm ${key} promoted`,
            fourEyesWaived: row.four_eyes_waived === 1,
            detail: { experimentId: id, arm: key },
            notify: deps.notify,
          });
          // The draft this revision heads is done: it is what borrowers get now.
          if (revision?.draft_id)
            await trx
              .updateTable('content_drafts')
              .set({ status: 'published', open_key: null, publication_id: publicationId, updated_at: at })
              .where('id', '=', revision.draft_id)
              .where('head_revision_id', '=', arm.revision_id)
              .where('open_key', 'is not', null)
              .execute();
        }
        await trx
          .updateTable('experiments')
          .set({
            status: 'promoted',
            open_key: null,
            winner: key,
            publication_id: publicationId,
            // A stopped experiment keeps the results it ended with.
            ...(row.status === 'running'
              ? { ended_by: actor.name, ended_at: at, results_json: toJson(results) }
              : {}),
          })
          .where('id', '=', id)
          .execute();
        const detail = {
          experimentId: id,
          kind: row.kind,
          arm: key,
          revisionId: arm.revision_id,
          publicationId,
        };
        await audit(trx, { at, actor, action: 'experiment.promote', target: `screen:${row.screen}`, detail });
        await changed(trx, id, 'promote', actor, detail);
      });
      return reads.get(id);
    },
  };
}
