// The experiments in the database: start, ramp (rollouts), stop (the kill switch) and promote,
// each checked and written in one transaction with its audit entry and a change row (the version
// every instance compares), and a notification to the other instances (PostgreSQL). Reads for the
// studio and for the running set served from memory (serve.ts).
import type { Selectable } from 'kysely';
import { audit, type Actor } from '../audit/log.js';
import { parseJson, toJson } from '../db/json.js';
import { FlowError, notFound } from '../publishing/errors.js';
import { checkAgainst, publishIn, readLiveSet, revisionRow, type Db } from '../publishing/store.js';
import { EVERYONE } from './assignment.js';
import type { ActiveExperiment } from './serve.js';
import { DEFAULT_PLANNED } from './stats.js';
import type { ExperimentArmsTable, ExperimentsTable } from './tables.js';
import './tables.js';

export const ARM_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
// eslint-disable-next-line no-control-regex -- event names are printable text, as the track endpoint takes them
const EVENT_NAME = /^[^\u0000-\u001f\u007f]{1,100}$/;

export interface StoreDeps {
  db: Db;
  now: () => Date;
  fourEyes: boolean;
  notify(db: Db, version: number): Promise<void>;
}

export interface Arm {
  arm: string;
  /** null: the live revision (the control). */
  revisionId: number | null;
  /** Percent of borrowers. */
  weight: number;
}

export interface Experiment {
  id: number;
  kind: 'experiment' | 'rollout';
  screen: string;
  name: string;
  status: 'running' | 'stopped' | 'promoted';
  goal: string;
  planned: number;
  startedBy: string;
  startedAt: string;
  fourEyesWaived: boolean;
  endedBy: string | null;
  endedAt: string | null;
  winner: string | null;
  publicationId: number | null;
  arms: Arm[];
  /** The results as they were when it ended (kept beyond the raw events' retention). */
  finalResults: unknown;
}

function view(row: Selectable<ExperimentsTable>, arms: Selectable<ExperimentArmsTable>[]): Experiment {
  return {
    id: row.id,
    kind: row.kind as Experiment['kind'],
    screen: row.screen,
    name: row.name,
    status: row.status as Experiment['status'],
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

/** A percentage as basis points: a number in (0, 100] with at most two decimals. */
function basisPoints(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 100)
    throw new FlowError(400, `${field} must be a percentage above 0 and at most 100`);
  const points = Math.round(value * 100);
  if (Math.abs(points - value * 100) > 1e-6)
    throw new FlowError(400, `${field} may have two decimals at most`);
  return points;
}

function text(value: unknown, field: string, fallback: string, pattern = EVENT_NAME): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || !pattern.test(value.trim()))
    throw new FlowError(400, `${field} must be 1 to 100 characters of text`);
  return value.trim();
}

export interface StartInput {
  kind?: unknown;
  screen?: unknown;
  name?: unknown;
  goal?: unknown;
  planned?: unknown;
  /** Experiments: every arm, the control first (revisionId null), weights in percent adding up to 100. */
  arms?: unknown;
  /** Rollouts: the revision and the share of borrowers who get it. */
  revisionId?: unknown;
  percent?: unknown;
}

/** The arms of a start request, checked: the control first, then distinct revisions, weights adding up. */
function armsOf(input: StartInput): { arm: string; revisionId: number | null; points: number }[] {
  if (input.kind === 'rollout') {
    const points = basisPoints(input.percent, 'percent');
    if (points === EVERYONE)
      throw new FlowError(400, 'a rollout to 100% is a publication: promote it instead');
    return [
      { arm: 'a', revisionId: null, points: EVERYONE - points },
      { arm: 'b', revisionId: revisionIdOf(input.revisionId), points },
    ];
  }
  const arms = input.arms;
  if (!Array.isArray(arms) || arms.length < 2 || arms.length > ARM_KEYS.length)
    throw new FlowError(
      400,
      `arms must list 2 to ${ARM_KEYS.length} arms, the control (revisionId null) first`,
    );
  const out = arms.map((raw: unknown, i) => {
    const arm = (raw ?? {}) as { revisionId?: unknown; weight?: unknown };
    if (i === 0 && arm.revisionId !== null && arm.revisionId !== undefined)
      throw new FlowError(400, 'the first arm is the control: revisionId null (the live revision)');
    return {
      arm: ARM_KEYS[i]!,
      revisionId: i === 0 ? null : revisionIdOf(arm.revisionId),
      points: basisPoints(arm.weight, `arms[${i}].weight`),
    };
  });
  if (out.reduce((sum, a) => sum + a.points, 0) !== EVERYONE)
    throw new FlowError(400, 'the arms’ weights must add up to 100');
  if (new Set(out.map((a) => a.revisionId)).size !== out.length)
    throw new FlowError(400, 'each arm needs a revision of its own');
  return out;
}

function revisionIdOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new FlowError(400, 'revisionId must be a revision id');
  return value;
}

export function experimentStore(deps: StoreDeps) {
  const { db } = deps;
  const iso = () => deps.now().toISOString();

  async function rowOf(trx: Db, id: number) {
    const row = await trx.selectFrom('experiments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`experiment ${id}`);
    return row;
  }

  async function armsOfRow(trx: Db, id: number) {
    return trx.selectFrom('experiment_arms').selectAll().where('experiment_id', '=', id).execute();
  }

  /** A change row (its id is the version the instances compare), then the notification. */
  async function changed(trx: Db, id: number, action: string, actor: Actor, detail: object): Promise<void> {
    const row = await trx
      .insertInto('experiment_changes')
      .values({ experiment_id: id, action, actor: actor.name, at: iso(), detail_json: toJson(detail) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.notify(trx, row.id);
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
    const row = await rowOf(trx, id);
    if (row.status !== 'running')
      throw new FlowError(409, `experiment ${id} is ${row.status}: it cannot be ${doing}`, {
        status: row.status,
      });
    return row;
  }

  return {
    async list(screen?: string): Promise<Experiment[]> {
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

    async get(id: number): Promise<Experiment> {
      const row = await rowOf(db, id);
      return view(row, await armsOfRow(db, id));
    },

    /** Its timeline: start, ramps, the end. */
    async changes(id: number) {
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

    /** The newest change's id: it moves with every start, ramp, stop and promotion. */
    async version(): Promise<number> {
      const row = await db
        .selectFrom('experiment_changes')
        .select((eb) => eb.fn.max('id').as('v'))
        .executeTakeFirst();
      return Number(row?.v ?? 0);
    },

    /** The running experiments with their arms' texts, for serving. */
    async running(): Promise<ActiveExperiment[]> {
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

    async start(input: StartInput, actor: Actor): Promise<Experiment> {
      const kind = input.kind === 'rollout' ? 'rollout' : input.kind === 'experiment' ? 'experiment' : null;
      if (!kind) throw new FlowError(400, "kind must be 'experiment' or 'rollout'");
      const screen = typeof input.screen === 'string' ? input.screen : '';
      if (!/^[a-z][a-z0-9-]{0,63}$/.test(screen)) throw new FlowError(400, 'screen must be a screen id');
      const arms = armsOf(input);
      const goal = text(input.goal, 'goal', '');
      if (!goal) throw new FlowError(400, 'goal must name the event that counts as a conversion');
      const name = text(input.name, 'name', `${screen} ${kind}`);
      const planned = input.planned ?? DEFAULT_PLANNED;
      if (typeof planned !== 'number' || !Number.isInteger(planned) || planned < 100 || planned > 100_000_000)
        throw new FlowError(400, 'planned must be a whole number of borrowers, at least 100');
      const created = await db.transaction().execute(async (trx) => {
        const doc = await trx
          .selectFrom('content_documents')
          .select('live_revision_id')
          .where('kind', '=', 'screen')
          .where('name', '=', screen)
          .executeTakeFirst();
        if (!doc?.live_revision_id)
          throw new FlowError(
            404,
            `screen '${screen}' is not published: publish it before experimenting on it`,
          );
        const running = await trx
          .selectFrom('experiments')
          .select('id')
          .where('open_key', '=', `screen:${screen}`)
          .executeTakeFirst();
        if (running)
          throw new FlowError(409, `experiment ${running.id} is running on ${screen}: stop it first`, {
            experimentId: running.id,
          });
        const live = await readLiveSet(trx);
        const variants = arms.filter((a) => a.revisionId !== null).map((a) => a.revisionId!);
        for (const id of variants) {
          const revision = await revisionRow(trx, id);
          if (!revision || revision.kind !== 'screen' || revision.name !== screen)
            throw new FlowError(404, `revision ${id} of ${screen} does not exist`);
          if (id === doc.live_revision_id)
            throw new FlowError(400, `revision ${id} is live already: it is the control`);
          const checked = checkAgainst('screen', screen, revision.text, live);
          if (checked.errors > 0)
            throw new FlowError(
              422,
              `revision ${id} has ${checked.errors} error(s) and cannot be shown to borrowers`,
              {
                problems: checked.problems,
              },
            );
        }
        const own = await ownWork(trx, variants, actor);
        if (own && deps.fourEyes)
          throw new FlowError(
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
          liveRevisionId: doc.live_revision_id,
          arms: arms.map((a) => ({ arm: a.arm, revisionId: a.revisionId, weight: a.points / 100 })),
          ...(own ? { fourEyesWaived: true } : {}),
        };
        await audit(trx, { at, actor, action: 'experiment.start', target: `screen:${screen}`, detail });
        await changed(trx, row.id, 'start', actor, detail);
        return row.id;
      });
      return this.get(created);
    },

    /** A rollout's share of borrowers, raised (or lowered); those who had the new revision keep it when it grows. */
    async ramp(id: number, input: { percent?: unknown }, actor: Actor): Promise<Experiment> {
      const points = basisPoints(input.percent, 'percent');
      await db.transaction().execute(async (trx) => {
        const row = await requireRunning(trx, id, 'ramped');
        if (row.kind !== 'rollout')
          throw new FlowError(
            409,
            'an experiment’s weights are fixed while it runs (the results would not hold)',
          );
        if (points === EVERYONE)
          throw new FlowError(400, 'a rollout to 100% is a publication: promote it instead');
        const before = (await armsOfRow(trx, id)).find((a) => a.arm === 'b')?.weight ?? 0;
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
      return this.get(id);
    },

    /** The kill switch: everyone gets the live revision (the control) again. */
    async stop(id: number, actor: Actor, results: unknown): Promise<Experiment> {
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
      return this.get(id);
    },

    /**
     * Ends the experiment with `arm` as the winner: its revision is published (a publication like
     * any other, checked again) and everyone gets it. The control winning publishes nothing.
     */
    async promote(id: number, input: { arm?: unknown }, actor: Actor, results: unknown): Promise<Experiment> {
      const key = input.arm;
      if (typeof key !== 'string') throw new FlowError(400, "arm must name an arm ('a', 'b', ...)");
      await db.transaction().execute(async (trx) => {
        const row = await rowOf(trx, id);
        if (row.status === 'promoted')
          throw new FlowError(409, `experiment ${id} already promoted arm ${row.winner ?? ''}`, {
            status: row.status,
          });
        const arm = (await armsOfRow(trx, id)).find((a) => a.arm === key);
        if (!arm) throw new FlowError(404, `experiment ${id} has no arm '${key}'`);
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
      return this.get(id);
    },
  };
}

export type ExperimentStore = ReturnType<typeof experimentStore>;
