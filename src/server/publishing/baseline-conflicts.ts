// The baseline conflicts (baseline.ts opens them at start: the release's version of a document
// differs from what ops changed, or does not pass the checker): listed with both texts and the
// diff, and settled by a publisher: 'baseline' publishes the release's version (checked like any
// publication), 'live' keeps what borrowers have. Either way it is logged.
import { audit, type Actor } from '../audit/log.js';
import { parseJson } from '../db/json.js';
import { notFound, Refusal } from '../lib/refusal.js';
import type { Problem } from '../../../renderer/validate/problem.js';
import type { FlowContext } from './flow-context.js';
import { message, takeOf } from './flow-input.js';
import { diffFromLive } from './queries.js';
import { publishIn, revisionRow, target } from './store.js';
import { isConflictStatus } from './tables.js';
import { withText, type ConflictView } from './views.js';

export interface BaselineConflicts {
  /** 'open' (the default), 'all' or one status. */
  listConflicts(status: string | undefined): Promise<ConflictView[]>;
  resolveConflict(
    id: number,
    input: { take?: unknown; message?: unknown },
    actor: Actor,
  ): Promise<{ publicationId: number | null }>;
}

export function baselineConflicts({ db, deps, iso, run }: FlowContext): BaselineConflicts {
  return {
    async listConflicts(status) {
      let query = db.selectFrom('content_conflicts').selectAll();
      if (status !== 'all') {
        const wanted = status ?? 'open';
        if (!isConflictStatus(wanted)) return [];
        query = query.where('status', '=', wanted);
      }
      const rows = await query.orderBy('id', 'desc').limit(200).execute();
      return Promise.all(
        rows.map(async (c) => {
          const [baseline, previous, live] = await Promise.all([
            revisionRow(db, c.baseline_revision_id),
            c.previous_baseline_revision_id === null
              ? null
              : revisionRow(db, c.previous_baseline_revision_id),
            c.live_revision_id === null ? null : revisionRow(db, c.live_revision_id),
          ]);
          return {
            id: c.id,
            kind: c.kind,
            name: c.name,
            status: c.status,
            reason: c.reason,
            createdAt: c.created_at,
            resolvedBy: c.resolved_by,
            resolvedAt: c.resolved_at,
            baseline: baseline ? withText(baseline) : null,
            previousBaseline: previous ? withText(previous) : null,
            live: live ? withText(live) : null,
            diff: diffFromLive(c.name, live?.text ?? '', baseline?.text ?? '', 'new baseline'),
            problems: parseJson<Problem[]>(c.problems_json, []),
          };
        }),
      );
    },

    async resolveConflict(id, input, actor) {
      const take = takeOf(input.take);
      const note = message(input.message);
      return run(
        async (trx) => {
          const conflict = await trx
            .selectFrom('content_conflicts')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          if (!conflict) throw notFound(`conflict ${id}`);
          if (conflict.status !== 'open')
            throw new Refusal(409, `conflict ${id} is already ${conflict.status}`);
          const at = iso();
          const publicationId =
            take === 'baseline'
              ? await publishIn(trx, {
                  kind: conflict.kind,
                  name: conflict.name,
                  revisionId: conflict.baseline_revision_id,
                  reason: 'baseline',
                  actor,
                  publishedBy: actor.name,
                  at,
                  message: note,
                  expectLive: conflict.live_revision_id,
                  detail: { conflictId: id },
                  notify: deps.notify,
                })
              : null;
          await trx
            .updateTable('content_conflicts')
            .set({ status: take === 'baseline' ? 'taken' : 'kept', resolved_by: actor.name, resolved_at: at })
            .where('id', '=', id)
            .execute();
          await audit(trx, {
            at,
            actor,
            action: 'conflict.resolve',
            target: target(conflict.kind, conflict.name),
            revisionId: conflict.baseline_revision_id,
            detail: { conflictId: id, take, ...(note ? { message: note } : {}) },
          });
          return { publicationId };
        },
        (result) => result.publicationId !== null,
      );
    },
  };
}
