// Time-driven publishing: scheduled drafts whose time has come, and promotions whose end has
// come. Every instance runs it (each tick claims a job with a conditional update, so a job runs
// once whichever instance gets there first); tests run it with a controlled clock. A database
// fault stops the run and leaves every job as it was: what fell due during an outage runs at the
// first tick after it (issue 30).
import { audit, SYSTEM } from '../audit/log.js';
import { dbFaultOf } from '../db/faults.js';
import { Refusal } from '../lib/refusal.js';
import { documentRow, insertRevision, publishIn, revisionRow, target, type Db } from './store.js';
import type { DocKind } from './tables.js';

export interface SchedulerDeps {
  db: Db;
  now: () => Date;
  notify(db: Db, version: number): Promise<void>;
  log(message: string, error?: unknown): void;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const problemsOf = (error: unknown) => (error instanceof Refusal ? (error.extra.problems ?? []) : []);

/** Runs what is due; returns how many publications it made. */
export async function runDue(deps: SchedulerDeps): Promise<number> {
  const at = deps.now().toISOString();
  let published = 0;

  const due = await deps.db
    .selectFrom('content_drafts')
    .selectAll()
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', at)
    .orderBy('publish_at')
    .execute();
  for (const draft of due) {
    try {
      const done = await deps.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('content_drafts')
          .set({ status: 'published', open_key: null, updated_at: at })
          .where('id', '=', draft.id)
          .where('status', '=', 'scheduled')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        const publicationId = await publishIn(trx, {
          kind: draft.kind,
          name: draft.name,
          revisionId: draft.head_revision_id,
          reason: 'schedule',
          actor: SYSTEM,
          publishedBy: draft.scheduled_by ?? 'system',
          at,
          draftId: draft.id,
          endsAt: draft.ends_at,
          endFallback: draft.end_fallback,
          expectLive: draft.base_revision_id,
          detail: { approvedBy: draft.scheduled_by, scheduledFor: draft.publish_at },
          notify: deps.notify,
        });
        await trx
          .updateTable('content_drafts')
          .set({ publication_id: publicationId })
          .where('id', '=', draft.id)
          .execute();
        return true;
      });
      if (done) published++;
    } catch (error) {
      // The database failed, not the draft: it stays scheduled and the next tick tries again.
      if (dbFaultOf(error)) throw error;
      // Not published (the checker refuses it now, or the live version moved): back to review.
      await deps.db.transaction().execute(async (trx) => {
        const back = await trx
          .updateTable('content_drafts')
          .set({ status: 'in_review', publish_at: null, updated_at: at })
          .where('id', '=', draft.id)
          .where('status', '=', 'scheduled')
          .executeTakeFirst();
        if (Number(back.numUpdatedRows) !== 1) return;
        await audit(trx, {
          at,
          actor: SYSTEM,
          action: 'schedule.failed',
          target: target(draft.kind, draft.name),
          draftId: draft.id,
          revisionId: draft.head_revision_id,
          detail: { reason: reasonOf(error), problems: problemsOf(error), scheduledFor: draft.publish_at },
        });
      });
      deps.log(`scheduled publication of ${draft.name} failed`, error);
    }
  }

  const ends = await deps.db
    .selectFrom('content_publications')
    .selectAll()
    .where('ended_at', 'is', null)
    .where('ends_at', '<=', at)
    .orderBy('ends_at')
    .execute();
  for (const ending of ends) {
    try {
      const done = await deps.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('content_publications')
          .set({ ended_at: at, end_result: 'ended' })
          .where('id', '=', ending.id)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        const doc = await documentRow(trx, ending.kind, ending.name);
        if (doc?.live_publication_id !== ending.id) {
          // Something else was published meanwhile: that stays, and this end has nothing to do.
          await trx
            .updateTable('content_publications')
            .set({ end_result: 'superseded' })
            .where('id', '=', ending.id)
            .execute();
          return false;
        }
        const revisionId = await fallbackRevision(trx, ending, at);
        const publicationId = await publishIn(trx, {
          kind: ending.kind,
          name: ending.name,
          revisionId,
          reason: 'promotion-end',
          actor: SYSTEM,
          publishedBy: 'system',
          at,
          message: `promotion of publication ${ending.id} ended`,
          expectLive: ending.revision_id,
          detail: { endedPublicationId: ending.id, fallback: ending.end_fallback },
          notify: deps.notify,
        });
        await trx
          .updateTable('content_publications')
          .set({ end_result: `ended: publication ${publicationId}` })
          .where('id', '=', ending.id)
          .execute();
        return true;
      });
      if (done) published++;
    } catch (error) {
      if (dbFaultOf(error)) throw error;
      await deps.db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('content_publications')
          .set({ ended_at: at, end_result: `failed: ${reasonOf(error)}`.slice(0, 500) })
          .where('id', '=', ending.id)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return;
        await audit(trx, {
          at,
          actor: SYSTEM,
          action: 'promotion.end-failed',
          target: target(ending.kind, ending.name),
          revisionId: ending.revision_id,
          detail: { publicationId: ending.id, reason: reasonOf(error), problems: problemsOf(error) },
        });
      });
      deps.log(`the end of the promotion ${ending.name} failed`, error);
    }
  }
  return published;
}

/**
 * What a promotion falls back to: the revision live before it, or a "campaign ended" screen's live
 * text under this screen's id (a new revision written by the system, so the history says so).
 */
async function fallbackRevision(
  trx: Db,
  ending: {
    id: number;
    kind: DocKind;
    name: string;
    revision_id: number;
    previous_revision_id: number | null;
    end_fallback: string | null;
  },
  at: string,
): Promise<number> {
  const fallback = ending.end_fallback ?? 'previous';
  if (fallback === 'previous') {
    if (ending.previous_revision_id === null)
      throw new Refusal(422, 'nothing was live before this promotion');
    return ending.previous_revision_id;
  }
  const screen = fallback.slice('screen:'.length);
  const source = await documentRow(trx, 'screen', screen);
  const live = source?.live_revision_id ? await revisionRow(trx, source.live_revision_id) : null;
  if (!live) throw new Refusal(422, `the fallback screen '${screen}' is not published`);
  const doc = JSON.parse(live.text) as Record<string, unknown>;
  doc.id = ending.name;
  return insertRevision(trx, {
    kind: ending.kind,
    name: ending.name,
    parentId: ending.revision_id,
    draftId: null,
    text: `${JSON.stringify(doc, null, 2)}\n`,
    author: SYSTEM,
    message: `promotion ended: the content of '${screen}' (revision ${live.id})`,
    source: 'system',
    errors: 0,
    at,
  });
}
