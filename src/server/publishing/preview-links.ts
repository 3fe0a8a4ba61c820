// Preview links: a signed link that opens an open draft of a screen in the real app for a limited
// time (preview.ts signs it; preview-claims.ts limits the devices and the links a day), and the
// draft such a link opens: while it is open and its head passes the checker, expanded as it would
// be served once published.
import { audit, type Actor } from '../audit/log.js';
import { Refusal } from '../lib/refusal.js';
import { requireClean } from './draft-moves.js';
import { draftRow, OPEN, plural, requireStatus, type FlowContext } from './flow-context.js';
import { KINDS } from './kinds.js';
import { ExpansionError } from './serve.js';
import { checkAgainst, readLiveSet, revisionRow, target } from './store.js';
import type { PreviewedDraft, PreviewLink } from './views.js';

export interface PreviewLinks {
  previewLink(id: number, actor: Actor): Promise<PreviewLink>;
  /** The draft a token opens, or null: a bad or expired token, a closed or failing draft. */
  previewed(token: string): Promise<PreviewedDraft | null>;
}

export function previewLinks({ db, deps }: FlowContext): PreviewLinks {
  return {
    async previewLink(id, actor) {
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(row, OPEN, 'previewed');
        if (row.kind !== 'screen') throw new Refusal(422, 'only a screen can be previewed in the app');
        await requireClean(
          trx,
          row,
          (errors) => `fix ${plural(errors, 'error')} before previewing on a phone`,
        );
        const now = deps.now();
        const expiresAt = new Date(now.getTime() + deps.previewTtlMs);
        const token = deps.preview.sign(id, expiresAt);
        await audit(trx, {
          at: now.toISOString(),
          actor,
          action: 'draft.preview-link',
          target: target(row.kind, row.name),
          draftId: id,
          revisionId: row.head_revision_id,
          detail: { expiresAt: expiresAt.toISOString() },
        });
        return { path: `/preview/${token}`, expiresAt: expiresAt.toISOString() };
      });
    },

    async previewed(token) {
      const verified = deps.preview.verify(token, deps.now());
      if (!verified) return null;
      const row = await db
        .selectFrom('content_drafts')
        .selectAll()
        .where('id', '=', verified.draftId)
        .executeTakeFirst();
      if (!row || row.kind !== 'screen' || !OPEN.includes(row.status)) return null;
      const head = await revisionRow(db, row.head_revision_id);
      if (!head) return null;
      const live = await readLiveSet(db);
      if (checkAgainst(row.kind, row.name, head.text, live).errors > 0) return null;
      let text: string;
      try {
        // Expanded against what is live, as it would be served once published.
        text = KINDS[row.kind].serve(row.name, head.text, live) ?? head.text;
      } catch (error) {
        // A checked draft that cannot expand is a checker slip: the link answers like a failing draft.
        if (error instanceof ExpansionError) return null;
        throw error;
      }
      return { name: row.name, text, revisionId: head.id, expiresAt: verified.expiresAt.toISOString() };
    },
  };
}
