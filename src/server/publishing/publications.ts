// What is live, changed without a draft: rollback (an earlier published revision published again,
// as a new publication: the history is never rewritten) and the end of a live promotion (set,
// moved or removed). And the check that a promotion's end has something to fall back to.
import { audit, type Actor } from '../audit/log.js';
import { notFound, Refusal } from '../lib/refusal.js';
import type { FlowContext } from './flow-context.js';
import { endOf, kindSpec, message, rollbackRevisionOf, type EndInput } from './flow-input.js';
import { documentRow, publishIn, target, type Db } from './store.js';
import type { DocKind } from './tables.js';
import { publicationOf, type PublicationSummary } from './views.js';

export interface Publications {
  /**
   * Publishes an earlier revision again. Only a revision that was published before qualifies: it
   * was reviewed then. The checker runs again, as for any publication.
   */
  rollback(
    kind: string,
    name: string,
    input: { revisionId?: unknown; message?: unknown },
    actor: Actor,
  ): Promise<{ publicationId: number; revisionId: number }>;
  /** Sets, changes or removes (endsAt null) the end of the live publication of a promotion. */
  setEnd(publicationId: number, input: EndInput, actor: Actor): Promise<PublicationSummary>;
}

/** The fallback of a promotion end is usable: a previous revision exists, or the screen is live. */
export async function checkFallback(trx: Db, kind: DocKind, name: string, value: string): Promise<void> {
  if (value === 'previous') {
    const doc = await documentRow(trx, kind, name);
    if (!doc?.live_revision_id)
      throw new Refusal(
        422,
        `nothing of ${name} was live before: end the promotion with a "campaign ended" document (endFallback 'screen:<id>')`,
      );
    return;
  }
  if (kind !== 'screen') throw new Refusal(422, 'only a screen can fall back to another screen');
  const screen = value.slice('screen:'.length);
  const doc = await documentRow(trx, 'screen', screen);
  if (!doc?.live_revision_id) throw new Refusal(422, `the fallback screen '${screen}' is not published`);
}

export function publications({ db, deps, iso, run }: FlowContext): Publications {
  return {
    async rollback(rawKind, name, input, actor) {
      const { kind } = kindSpec(rawKind, name);
      const note = message(input.message);
      const revisionId = rollbackRevisionOf(input.revisionId);
      return run(
        async (trx) => {
          const doc = await documentRow(trx, kind, name);
          if (!doc) throw notFound(`${kind} '${name}'`);
          if (doc.live_revision_id === revisionId)
            throw new Refusal(409, `revision ${revisionId} is already live`);
          const earlier = await trx
            .selectFrom('content_publications')
            .select('id')
            .where('kind', '=', kind)
            .where('name', '=', name)
            .where('revision_id', '=', revisionId)
            .executeTakeFirst();
          if (!earlier)
            throw new Refusal(
              422,
              `revision ${revisionId} of ${name} was never published: only a published revision can be restored this way`,
            );
          const publicationId = await publishIn(trx, {
            kind,
            name,
            revisionId,
            reason: 'rollback',
            actor,
            publishedBy: actor.name,
            at: iso(),
            message: note,
            expectLive: doc.live_revision_id,
            notify: deps.notify,
          });
          return { publicationId, revisionId };
        },
        () => true,
      );
    },

    async setEnd(publicationId, input, actor) {
      const { endsAt, endFallback } = endOf(input);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('content_publications')
          .selectAll()
          .where('id', '=', publicationId)
          .executeTakeFirst();
        if (!row) throw notFound(`publication ${publicationId}`);
        const doc = await documentRow(trx, row.kind, row.name);
        if (doc?.live_publication_id !== publicationId || row.ended_at !== null)
          throw new Refusal(409, `publication ${publicationId} is no longer live: only a live one can end`);
        const at = iso();
        if (endsAt && endsAt <= at) throw new Refusal(400, 'endsAt must be in the future');
        if (endFallback === 'previous' && row.previous_revision_id === null)
          throw new Refusal(
            422,
            `nothing of ${row.name} was live before: end it with a "campaign ended" document (endFallback 'screen:<id>')`,
          );
        if (endFallback && endFallback !== 'previous')
          await checkFallback(trx, row.kind, row.name, endFallback);
        await trx
          .updateTable('content_publications')
          .set({ ends_at: endsAt, end_fallback: endFallback })
          .where('id', '=', publicationId)
          .execute();
        await audit(trx, {
          at,
          actor,
          action: endsAt ? 'promotion.end-set' : 'promotion.end-cancel',
          target: target(row.kind, row.name),
          revisionId: row.revision_id,
          detail: { publicationId, ...(endsAt ? { endsAt, endFallback } : { was: row.ends_at }) },
        });
        return publicationOf({ ...row, ends_at: endsAt, end_fallback: endFallback });
      });
    },
  };
}
