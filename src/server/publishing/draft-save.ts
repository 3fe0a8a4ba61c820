// Save = a new revision in the document's open draft (made if there is none). `parentRevisionId`
// is the revision the editor started from (the draft's head, or the live revision when there is no
// draft; null for a new document): anything else means someone saved meanwhile (409). A draft may
// hold errors (work in progress); it cannot be reviewed or published with them.
import type { Actor } from '../audit/log.js';
import { notFound, Refusal } from '../lib/refusal.js';
import { moveDraft } from './draft-moves.js';
import { summary, type FlowContext } from './flow-context.js';
import { kindSpec, saveOf, type SaveInput } from './flow-input.js';
import {
  checkAgainst,
  documentRow,
  ensureDocument,
  insertRevision,
  readLiveSet,
  revisionRow,
  target,
  type Db,
} from './store.js';
import type { DocKind } from './tables.js';
import { revisionOf, type DraftRow, type SaveResult } from './views.js';

export interface DraftSave {
  saveDraft(kind: string, name: string, input: SaveInput, actor: Actor): Promise<SaveResult>;
}

/** A new open draft of a document, based on what is live; its head is set by the first save. */
async function openDraft(
  trx: Db,
  doc: { kind: DocKind; name: string; live: number | null },
  actor: Actor,
  at: string,
): Promise<DraftRow> {
  return trx
    .insertInto('content_drafts')
    .values({
      kind: doc.kind,
      name: doc.name,
      status: 'draft',
      open_key: target(doc.kind, doc.name),
      base_revision_id: doc.live,
      // Set by the save, once the first revision exists.
      head_revision_id: 0,
      created_by: actor.name,
      created_at: at,
      updated_by: actor.name,
      updated_at: at,
      review_message: '',
      review_comment: '',
      reviewed_by: null,
      publish_at: null,
      ends_at: null,
      end_fallback: null,
      scheduled_by: null,
      scheduled_by_id: null,
      publication_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function draftSave({ db, iso }: FlowContext): DraftSave {
  return {
    async saveDraft(rawKind, name, input, actor) {
      const { kind } = kindSpec(rawKind, name);
      const save = saveOf(input);
      return db.transaction().execute(async (trx) => {
        const at = iso();
        const doc = await documentRow(trx, kind, name);
        if (!doc && kind !== 'screen') throw notFound(`${kind} '${name}'`);
        let draft = await trx
          .selectFrom('content_drafts')
          .selectAll()
          .where('open_key', '=', target(kind, name))
          .executeTakeFirst();
        const live = doc?.live_revision_id ?? null;
        const expected = draft ? draft.head_revision_id : live;
        if (save.parent !== expected)
          throw new Refusal(
            409,
            draft
              ? `${name} has been saved by ${draft.updated_by} since you opened it: reload it before saving`
              : `${name} has changed since you opened it: reload it before saving`,
            { headRevisionId: expected },
          );
        if (draft?.status === 'scheduled')
          throw new Refusal(
            409,
            `${name} is scheduled for publication: cancel the schedule before editing it`,
          );
        const headText = expected === null ? null : ((await revisionRow(trx, expected))?.text ?? null);
        const checked = checkAgainst(kind, name, save.text, await readLiveSet(trx));
        const rebase = save.rebase && draft !== undefined && draft.base_revision_id !== live;
        const findings = { problems: checked.problems, errors: checked.errors };
        if (headText === save.text && !rebase)
          return {
            draft: draft ? await summary(trx, draft) : null,
            revision: null,
            unchanged: true,
            ...findings,
          };
        if (!doc) await ensureDocument(trx, kind, name, at);
        draft ??= await openDraft(trx, { kind, name, live }, actor, at);
        const revisionId = await insertRevision(trx, {
          kind,
          name,
          parentId: expected,
          draftId: draft.id,
          text: save.text,
          author: actor,
          message: save.note,
          source: 'studio',
          errors: checked.errors,
          at,
        });
        // A save withdraws a review request, and answers a send-back: the draft is being worked on.
        const pulledBack = draft.status === 'in_review';
        const updated = await moveDraft(trx, draft, {
          action: 'draft.save',
          actor,
          at,
          revisionId,
          set: {
            head_revision_id: revisionId,
            updated_by: actor.name,
            ...(pulledBack || draft.status === 'changes_requested' ? { status: 'draft' } : {}),
            ...(rebase ? { base_revision_id: live } : {}),
          },
          detail: {
            errors: checked.errors,
            ...(save.note ? { message: save.note } : {}),
            ...(pulledBack ? { reviewWithdrawn: true } : {}),
            ...(rebase ? { rebasedOn: live } : {}),
          },
        });
        const revision = await revisionRow(trx, revisionId);
        return {
          draft: await summary(trx, updated),
          revision: revision ? revisionOf(revision) : null,
          unchanged: false,
          ...findings,
        };
      });
    },
  };
}
