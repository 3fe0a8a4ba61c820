// The flow's reads for the studio: documents, revisions, publications, drafts (with what a reviewer
// needs) and what is scheduled. Nothing here writes.
import { createTwoFilesPatch } from 'diff';
import { queryAudit } from '../audit/log.js';
import { notFound } from '../lib/refusal.js';
import { draftRow, summary, type FlowContext } from './flow-context.js';
import { kindSpec } from './flow-input.js';
import { checkAgainst, documentRow, readLiveSet, revisionRow, target } from './store.js';
import { isDraftStatus } from './tables.js';
import {
  publicationOf,
  revisionOf,
  withText,
  type DocumentDetail,
  type DocumentEntry,
  type DraftDetail,
  type DraftSummary,
  type PublicationSummary,
  type RevisionPage,
  type RevisionText,
  type Schedules,
} from './views.js';

export interface FlowQueries {
  listDocuments(): Promise<DocumentEntry[]>;
  getDocument(kind: string, name: string): Promise<DocumentDetail>;
  /** Newest first, `limit` (1-200, default 50) a page, older than `before`. */
  listRevisions(kind: string, name: string, page: { before?: number; limit?: number }): Promise<RevisionPage>;
  getRevision(id: number): Promise<RevisionText>;
  listPublications(kind: string, name: string): Promise<PublicationSummary[]>;
  /** 'open' (the default), 'all' or one status. */
  listDrafts(status: string | undefined): Promise<DraftSummary[]>;
  getDraft(id: number): Promise<DraftDetail>;
  /** Upcoming scheduled publications and promotion ends. */
  schedules(): Promise<Schedules>;
}

/** From what borrowers get now to `after`, as a unified diff (3 lines of context). */
export const diffFromLive = (name: string, live: string, after: string, label: string): string =>
  createTwoFilesPatch(`${name} (live)`, `${name} (${label})`, live, after, undefined, undefined, {
    context: 3,
  });

export function flowQueries({ db }: FlowContext): FlowQueries {
  return {
    async listDocuments() {
      const [docs, drafts, conflicts] = await Promise.all([
        db
          .selectFrom('content_documents as d')
          .leftJoin('content_publications as p', 'p.id', 'd.live_publication_id')
          .select([
            'd.kind',
            'd.name',
            'd.live_revision_id',
            'p.published_at',
            'p.published_by',
            'p.ends_at',
            'p.id as publication_id',
          ])
          .orderBy('d.kind')
          .orderBy('d.name')
          .execute(),
        db.selectFrom('content_drafts').selectAll().where('open_key', 'is not', null).execute(),
        db
          .selectFrom('content_conflicts')
          .select(['id', 'kind', 'name'])
          .where('status', '=', 'open')
          .execute(),
      ]);
      return docs.map((d) => {
        const draft = drafts.find((x) => x.kind === d.kind && x.name === d.name);
        const conflict = conflicts.find((x) => x.kind === d.kind && x.name === d.name);
        return {
          kind: d.kind,
          name: d.name,
          live:
            d.live_revision_id === null
              ? null
              : {
                  revisionId: d.live_revision_id,
                  publicationId: d.publication_id,
                  publishedAt: d.published_at,
                  publishedBy: d.published_by,
                  endsAt: d.ends_at,
                },
          draft: draft
            ? {
                id: draft.id,
                status: draft.status,
                headRevisionId: draft.head_revision_id,
                updatedAt: draft.updated_at,
                updatedBy: draft.updated_by,
              }
            : null,
          conflictId: conflict?.id ?? null,
        };
      });
    },

    async getDocument(kind, name) {
      const { kind: known } = kindSpec(kind, name);
      const doc = await documentRow(db, known, name);
      if (!doc) throw notFound(`${kind} '${name}'`);
      const live = doc.live_revision_id === null ? null : await revisionRow(db, doc.live_revision_id);
      const publication =
        doc.live_publication_id === null
          ? null
          : await db
              .selectFrom('content_publications')
              .selectAll()
              .where('id', '=', doc.live_publication_id)
              .executeTakeFirst();
      const draft = await db
        .selectFrom('content_drafts')
        .selectAll()
        .where('open_key', '=', target(known, name))
        .executeTakeFirst();
      const head = draft ? await revisionRow(db, draft.head_revision_id) : null;
      const conflict = await db
        .selectFrom('content_conflicts')
        .select('id')
        .where('kind', '=', known)
        .where('name', '=', name)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return {
        kind: known,
        name,
        live: live ? withText(live) : null,
        publication: publication ? publicationOf(publication) : null,
        draft: draft && head ? { ...(await summary(db, draft)), text: head.text } : null,
        conflictId: conflict?.id ?? null,
      };
    },

    async listRevisions(kind, name, page) {
      const { kind: known } = kindSpec(kind, name);
      const limit = Math.min(Math.max(page.limit ?? 50, 1), 200);
      let query = db
        .selectFrom('content_revisions')
        .select([
          'id',
          'kind',
          'name',
          'parent_id',
          'draft_id',
          'author',
          'author_id',
          'message',
          'source',
          'errors',
          'created_at',
          'hash',
          (eb) => eb.fn('length', ['text']).as('size'),
        ])
        .where('kind', '=', known)
        .where('name', '=', name);
      if (page.before !== undefined) query = query.where('id', '<', page.before);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const published = new Set(
        (
          await db
            .selectFrom('content_publications')
            .select('revision_id')
            .where('kind', '=', known)
            .where('name', '=', name)
            .execute()
        ).map((r) => r.revision_id),
      );
      const doc = await documentRow(db, known, name);
      const list = rows.slice(0, limit).map((r) => ({
        ...revisionOf(r),
        size: Number(r.size),
        published: published.has(r.id),
        live: doc?.live_revision_id === r.id,
      }));
      return { revisions: list, next: rows.length > limit ? (list[list.length - 1]?.id ?? null) : null };
    },

    async getRevision(id) {
      const row = await revisionRow(db, id);
      if (!row) throw notFound(`revision ${id}`);
      return withText(row);
    },

    async listPublications(kind, name) {
      const { kind: known } = kindSpec(kind, name);
      const rows = await db
        .selectFrom('content_publications')
        .selectAll()
        .where('kind', '=', known)
        .where('name', '=', name)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return rows.map(publicationOf);
    },

    async listDrafts(status) {
      let query = db.selectFrom('content_drafts').selectAll();
      if (status === 'open' || status === undefined) query = query.where('open_key', 'is not', null);
      else if (status !== 'all') {
        if (!isDraftStatus(status)) return [];
        query = query.where('status', '=', status);
      }
      const rows = await query.orderBy('updated_at', 'desc').limit(200).execute();
      return Promise.all(rows.map((r) => summary(db, r)));
    },

    async getDraft(id) {
      const row = await draftRow(db, id);
      const head = await revisionRow(db, row.head_revision_id);
      if (!head) throw notFound(`revision ${row.head_revision_id}`);
      const doc = await documentRow(db, row.kind, row.name);
      const live = doc?.live_revision_id ? await revisionRow(db, doc.live_revision_id) : null;
      const checked = checkAgainst(row.kind, row.name, head.text, await readLiveSet(db));
      const events = (await queryAudit(db, { draftId: id, limit: 200 })).entries;
      return {
        ...(await summary(db, row)),
        head: withText(head),
        live: live ? withText(live) : null,
        liveChanged: (doc?.live_revision_id ?? null) !== row.base_revision_id,
        diff: diffFromLive(row.name, live?.text ?? '', head.text, 'draft'),
        problems: checked.problems,
        errors: checked.errors,
        events: events.reverse(),
      };
    },

    async schedules() {
      const drafts = await db
        .selectFrom('content_drafts')
        .selectAll()
        .where('status', '=', 'scheduled')
        .orderBy('publish_at')
        .execute();
      const ends = await db
        .selectFrom('content_publications as p')
        .innerJoin('content_documents as d', (j) => j.onRef('d.live_publication_id', '=', 'p.id'))
        .selectAll('p')
        .where('p.ends_at', 'is not', null)
        .where('p.ended_at', 'is', null)
        .orderBy('p.ends_at')
        .execute();
      return {
        publications: await Promise.all(drafts.map((r) => summary(db, r))),
        ends: ends.map(publicationOf),
      };
    },
  };
}
