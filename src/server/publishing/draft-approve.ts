// A publisher approves the revision they reviewed: published now, or at `publishAt`, and ended at
// `endsAt` (falling back to the revision live before it, or to a "campaign ended" screen). Nobody
// who wrote a revision of the draft may approve it (four eyes, unless the config waives it: then
// the waiver is recorded), and the draft must still be based on what is live.
import type { Actor } from '../audit/log.js';
import { Refusal } from '../lib/refusal.js';
import { moveDraft, requireClean } from './draft-moves.js';
import { authorsOf, draftRow, plural, requireStatus, summary, type FlowContext } from './flow-context.js';
import { approvalOf, type Approval, type ApproveInput } from './flow-input.js';
import { checkFallback } from './publications.js';
import { documentRow, publishIn, type Db } from './store.js';
import type { ApproveResult, DraftRow } from './views.js';

export interface DraftApproval {
  approve(id: number, input: ApproveInput, actor: Actor): Promise<ApproveResult>;
}

/** Why this approval cannot go ahead, checked in its transaction; answers the draft's authors. */
async function checkApproval(
  trx: Db,
  row: DraftRow,
  approval: Approval,
  actor: Actor,
  fourEyes: boolean,
): Promise<{ authors: string[]; own: boolean }> {
  requireStatus(row, ['in_review'], 'approved (ask for a review first)');
  if (approval.revisionId !== row.head_revision_id)
    throw new Refusal(
      409,
      `the draft changed since you reviewed it (revision ${row.head_revision_id} is its latest): review it again`,
      { headRevisionId: row.head_revision_id },
    );
  const authors = await authorsOf(trx, row.id);
  const own = authors.some((a) => a.author_id !== null && a.author_id === actor.id);
  if (own && fourEyes)
    throw new Refusal(403, 'you wrote part of this change: another publisher must approve it (four eyes)');
  return { authors: authors.map((a) => a.author), own };
}

export function draftApproval({ deps, iso, run }: FlowContext): DraftApproval {
  return {
    async approve(id, input, actor) {
      const approval = approvalOf(input);
      const { note, publishAt, endsAt, endFallback } = approval;
      return run(
        async (trx) => {
          const row = await draftRow(trx, id);
          const { authors, own } = await checkApproval(trx, row, approval, actor, deps.fourEyes);
          const at = iso();
          const when = publishAt && publishAt > at ? publishAt : null;
          if (endsAt && endsAt <= (when ?? at))
            throw new Refusal(400, 'endsAt must be after the publication');
          if (endFallback) await checkFallback(trx, row.kind, row.name, endFallback);
          const doc = await documentRow(trx, row.kind, row.name);
          if ((doc?.live_revision_id ?? null) !== row.base_revision_id)
            throw new Refusal(
              409,
              `the live version of ${row.name} changed since this draft was started: the editor must update the draft first`,
              { liveRevisionId: doc?.live_revision_id ?? null },
            );
          if (when) {
            // Checked now too, so a schedule is not accepted for a document that cannot be published.
            await requireClean(
              trx,
              row,
              (errors) => `${row.name} has ${plural(errors, 'error')} and cannot be published`,
            );
            const updated = await moveDraft(trx, row, {
              action: 'draft.schedule',
              actor,
              at,
              set: {
                status: 'scheduled',
                publish_at: when,
                ends_at: endsAt,
                end_fallback: endFallback,
                scheduled_by: actor.name,
                scheduled_by_id: actor.id,
                reviewed_by: actor.name,
              },
              detail: {
                publishAt: when,
                ...(endsAt ? { endsAt, endFallback } : {}),
                ...(own ? { fourEyesWaived: true } : {}),
                ...(note ? { message: note } : {}),
              },
            });
            return { draft: await summary(trx, updated), publicationId: null };
          }
          // The publication is the audit entry (store.ts); the draft is closed with it.
          const publicationId = await publishIn(trx, {
            kind: row.kind,
            name: row.name,
            revisionId: row.head_revision_id,
            reason: 'review',
            actor,
            publishedBy: actor.name,
            at,
            draftId: id,
            message: note,
            endsAt,
            endFallback,
            fourEyesWaived: own,
            expectLive: row.base_revision_id,
            detail: { authors },
            notify: deps.notify,
          });
          const closed = await trx
            .updateTable('content_drafts')
            .set({
              status: 'published',
              open_key: null,
              publication_id: publicationId,
              reviewed_by: actor.name,
              updated_at: at,
            })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          return { draft: await summary(trx, closed), publicationId };
        },
        (result) => result.publicationId !== null,
      );
    },
  };
}
