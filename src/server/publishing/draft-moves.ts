// A draft's moves through review: asked for review, sent back, unscheduled, discarded (saving is
// draft-save.ts, approval draft-approve.ts). Each is one `moveDraft`: the draft's row changed and
// the audit entry written, in the step's transaction.
import type { Updateable } from 'kysely';
import { audit, type Actor } from '../audit/log.js';
import { Refusal } from '../lib/refusal.js';
import { draftRow, plural, requireStatus, summary, type FlowContext } from './flow-context.js';
import { message } from './flow-input.js';
import { checkAgainst, readLiveSet, revisionRow, target, type Db } from './store.js';
import type { ContentDraftsTable, DraftStatus } from './tables.js';
import type { DraftRow, DraftSummary } from './views.js';

export interface DraftMove {
  /** The audit action ('draft.review', ...). */
  action: string;
  actor: Actor;
  /** When (the draft's updated_at and the audit entry's time). */
  at: string;
  set: Omit<Updateable<ContentDraftsTable>, 'id' | 'updated_at'>;
  /** The revision the entry names; the draft's head by default. */
  revisionId?: number;
  detail?: Record<string, unknown>;
  /**
   * Moves only while the draft is still in this status: the scheduler may be publishing it at the
   * same moment (a 409 then).
   */
  whileStatus?: DraftStatus;
}

/** The one way a step changes a draft: its row, then the audit entry; answers the new row. */
export async function moveDraft(trx: Db, row: DraftRow, move: DraftMove): Promise<DraftRow> {
  let query = trx
    .updateTable('content_drafts')
    .set({ ...move.set, updated_at: move.at })
    .where('id', '=', row.id);
  if (move.whileStatus) query = query.where('status', '=', move.whileStatus);
  const updated = await query.returningAll().executeTakeFirst();
  if (!updated) throw new Refusal(409, `draft ${row.id} is being published right now`);
  await audit(trx, {
    at: move.at,
    actor: move.actor,
    action: move.action,
    target: target(row.kind, row.name),
    draftId: row.id,
    revisionId: move.revisionId ?? row.head_revision_id,
    ...(move.detail ? { detail: move.detail } : {}),
  });
  return updated;
}

/** The draft's head passes the checker, or a 422 saying what to fix before `doing`. */
export async function requireClean(
  trx: Db,
  row: DraftRow,
  refusal: (errors: number) => string,
): Promise<void> {
  const head = await revisionRow(trx, row.head_revision_id);
  const checked = checkAgainst(row.kind, row.name, head?.text ?? '', await readLiveSet(trx));
  if (checked.errors > 0) throw new Refusal(422, refusal(checked.errors), { problems: checked.problems });
}

export interface DraftReview {
  /** Asks for a review: the head must pass the checker. */
  requestReview(id: number, input: { message?: unknown }, actor: Actor): Promise<DraftSummary>;
  /** A publisher sends the draft back to its editors with a comment (required). */
  sendBack(id: number, input: { comment?: unknown }, actor: Actor): Promise<DraftSummary>;
  /** A scheduled draft back to review (a 409 when the scheduler is publishing it right now). */
  unschedule(id: number, actor: Actor): Promise<DraftSummary>;
  discard(id: number, actor: Actor): Promise<DraftSummary>;
}

export function draftReview({ db, iso }: FlowContext): DraftReview {
  return {
    async requestReview(id, input, actor) {
      const note = message(input.message);
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(row, ['draft', 'changes_requested'], 'sent for review');
        await requireClean(trx, row, (errors) => `fix ${plural(errors, 'error')} before asking for a review`);
        const updated = await moveDraft(trx, row, {
          action: 'draft.review',
          actor,
          at: iso(),
          set: { status: 'in_review', review_message: note },
          detail: note ? { message: note } : {},
        });
        return summary(trx, updated);
      });
    },

    async sendBack(id, input, actor) {
      const comment = message(input.comment, 'comment');
      if (!comment) throw new Refusal(400, 'say what to change: a comment is required');
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(row, ['in_review'], 'sent back');
        const updated = await moveDraft(trx, row, {
          action: 'draft.send-back',
          actor,
          at: iso(),
          set: { status: 'changes_requested', review_comment: comment, reviewed_by: actor.name },
          detail: { comment },
        });
        return summary(trx, updated);
      });
    },

    async unschedule(id, actor) {
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(row, ['scheduled'], 'unscheduled');
        const updated = await moveDraft(trx, row, {
          action: 'draft.unschedule',
          actor,
          at: iso(),
          set: { status: 'in_review', publish_at: null, ends_at: null, end_fallback: null },
          whileStatus: 'scheduled',
          detail: { publishAt: row.publish_at },
        });
        return summary(trx, updated);
      });
    },

    async discard(id, actor) {
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(
          row,
          ['draft', 'in_review', 'changes_requested'],
          'discarded (cancel its schedule first)',
        );
        const updated = await moveDraft(trx, row, {
          action: 'draft.discard',
          actor,
          at: iso(),
          set: { status: 'discarded', open_key: null, publication_id: null },
        });
        return summary(trx, updated);
      });
    },
  };
}
