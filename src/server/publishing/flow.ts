// The editorial flow (issue 17): drafts saved as immutable revisions, review, approval by another
// person (four eyes), publication now or at a time, promotions that end, rollback, baseline
// conflicts and preview links. Every step checks its preconditions inside one transaction, writes
// the audit log in that transaction, and tells the served set when something was published.
import { createTwoFilesPatch } from 'diff';
import { audit, queryAudit, type Actor, type AuditEntry } from '../audit/log.js';
import { parseJson } from '../db/json.js';
import type { Problem } from '../../../renderer/validate/problem.js';
import { FlowError, notFound } from './errors.js';
import { ExpansionError } from './serve.js';
import { kindOf, type KindSpec } from './kinds.js';
import type { PreviewTokens } from './preview.js';
import {
  checkAgainst,
  documentRow,
  ensureDocument,
  insertRevision,
  publishIn,
  readLiveSet,
  revisionRow,
  target,
  type Db,
} from './store.js';
import { draftOf, publicationOf, revisionOf, type DraftRow, type DraftSummary } from './views.js';

export const TEXT_MAX = 512 * 1024;
export const MESSAGE_MAX = 1000;

export type DraftStatus =
  'draft' | 'in_review' | 'changes_requested' | 'scheduled' | 'published' | 'discarded';
const OPEN: readonly DraftStatus[] = ['draft', 'in_review', 'changes_requested', 'scheduled'];

export interface FlowDeps {
  db: Db;
  now: () => Date;
  /** A change needs a publisher other than its authors (config can relax it for a team of one). */
  fourEyes: boolean;
  notify(db: Db, version: number): Promise<void>;
  /** Called after a publication has been committed: the served set reloads. */
  published(): Promise<void>;
  preview: PreviewTokens;
  previewTtlMs: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function spec(kind: string, name: string): KindSpec {
  const found = kindOf(kind);
  if (!found) throw new FlowError(404, `unknown document kind '${kind}'`);
  const problem = found.nameProblem(name);
  if (problem) throw new FlowError(400, problem);
  return found;
}

function message(value: unknown, field = 'message'): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new FlowError(400, `${field} must be text`);
  if (value.length > MESSAGE_MAX)
    throw new FlowError(400, `${field} may have at most ${MESSAGE_MAX} characters`);
  return value.trim();
}

/** An instant with its zone (UTC or an offset), as UTC ISO; a time without a zone is ambiguous. */
export function instant(value: unknown, field: string): string {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
  )
    throw new FlowError(
      400,
      `${field} must be a date and time with its zone, e.g. 2026-12-24T09:00:00+08:00 (Manila) or ...Z (UTC)`,
    );
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new FlowError(400, `${field} is not a real date`);
  return time.toISOString();
}

/** 'previous' or 'screen:<id>' (a "campaign ended" document). */
function fallback(value: unknown): string {
  if (value === undefined || value === null || value === 'previous') return 'previous';
  if (typeof value === 'string' && /^screen:[a-z][a-z0-9-]{0,63}$/.test(value)) return value;
  throw new FlowError(400, "endFallback must be 'previous' or 'screen:<screen id>'");
}

const diffOf = (name: string, before: string, after: string) =>
  createTwoFilesPatch(`${name} (live)`, `${name} (draft)`, before, after, undefined, undefined, {
    context: 3,
  });

export function createFlow(deps: FlowDeps) {
  const { db } = deps;
  const iso = () => deps.now().toISOString();

  async function draftRow(trx: Db, id: number): Promise<DraftRow> {
    const row = await trx.selectFrom('content_drafts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`draft ${id}`);
    return row;
  }

  async function authorsOf(trx: Db, draftId: number) {
    return trx
      .selectFrom('content_revisions')
      .select(['author', 'author_id'])
      .distinct()
      .where('draft_id', '=', draftId)
      .execute();
  }

  async function summary(trx: Db, row: DraftRow): Promise<DraftSummary> {
    return draftOf(
      row,
      (await authorsOf(trx, row.id)).map((a) => a.author),
    );
  }

  function requireStatus(row: DraftRow, allowed: readonly DraftStatus[], doing: string): void {
    if (!allowed.includes(row.status as DraftStatus))
      throw new FlowError(409, `draft ${row.id} is ${row.status.replace('_', ' ')}: it cannot be ${doing}`, {
        status: row.status,
      });
  }

  /** Runs `work` in a transaction; tells the served set afterwards when it published something. */
  async function run<T>(work: (trx: Db) => Promise<T>, publishes: (result: T) => boolean): Promise<T> {
    const result = await db.transaction().execute(work);
    if (publishes(result)) await deps.published();
    return result;
  }

  async function closeDraft(
    trx: Db,
    row: DraftRow,
    status: 'published' | 'discarded',
    publicationId: number | null,
  ) {
    await trx
      .updateTable('content_drafts')
      .set({ status, open_key: null, publication_id: publicationId, updated_at: iso() })
      .where('id', '=', row.id)
      .execute();
  }

  /** The fallback of a promotion end is usable: a previous revision exists, or the screen is live. */
  async function checkFallback(trx: Db, kind: string, name: string, value: string): Promise<void> {
    if (value === 'previous') {
      const doc = await documentRow(trx, kind, name);
      if (!doc?.live_revision_id)
        throw new FlowError(
          422,
          `nothing of ${name} was live before: end the promotion with a "campaign ended" document (endFallback 'screen:<id>')`,
        );
      return;
    }
    if (kind !== 'screen') throw new FlowError(422, 'only a screen can fall back to another screen');
    const screen = value.slice('screen:'.length);
    const doc = await documentRow(trx, 'screen', screen);
    if (!doc?.live_revision_id) throw new FlowError(422, `the fallback screen '${screen}' is not published`);
  }

  return {
    // ---- reads -------------------------------------------------------------------------------

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

    async getDocument(kind: string, name: string) {
      spec(kind, name);
      const doc = await documentRow(db, kind, name);
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
        .where('open_key', '=', target(kind, name))
        .executeTakeFirst();
      const head = draft ? await revisionRow(db, draft.head_revision_id) : null;
      const conflict = await db
        .selectFrom('content_conflicts')
        .select('id')
        .where('kind', '=', kind)
        .where('name', '=', name)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return {
        kind,
        name,
        live: live ? { ...revisionOf(live), text: live.text } : null,
        publication: publication ? publicationOf(publication) : null,
        draft: draft && head ? { ...(await summary(db, draft)), text: head.text } : null,
        conflictId: conflict?.id ?? null,
      };
    },

    async listRevisions(kind: string, name: string, page: { before?: number; limit?: number }) {
      spec(kind, name);
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
        .where('kind', '=', kind)
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
            .where('kind', '=', kind)
            .where('name', '=', name)
            .execute()
        ).map((r) => r.revision_id),
      );
      const doc = await documentRow(db, kind, name);
      const list = rows.slice(0, limit).map((r) => ({
        ...revisionOf(r),
        size: Number(r.size),
        published: published.has(r.id),
        live: doc?.live_revision_id === r.id,
      }));
      return { revisions: list, next: rows.length > limit ? (list[list.length - 1]?.id ?? null) : null };
    },

    async getRevision(id: number) {
      const row = await revisionRow(db, id);
      if (!row) throw notFound(`revision ${id}`);
      return { ...revisionOf(row), text: row.text };
    },

    async listPublications(kind: string, name: string) {
      spec(kind, name);
      const rows = await db
        .selectFrom('content_publications')
        .selectAll()
        .where('kind', '=', kind)
        .where('name', '=', name)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return rows.map(publicationOf);
    },

    async listDrafts(status: string | undefined): Promise<DraftSummary[]> {
      let query = db.selectFrom('content_drafts').selectAll();
      if (status === 'open' || status === undefined) query = query.where('open_key', 'is not', null);
      else if (status !== 'all') query = query.where('status', '=', status);
      const rows = await query.orderBy('updated_at', 'desc').limit(200).execute();
      return Promise.all(rows.map((r) => summary(db, r)));
    },

    /** A draft with what a reviewer needs: both texts, the diff, the checker's findings, its story. */
    async getDraft(id: number) {
      const row = await draftRow(db, id);
      const head = await revisionRow(db, row.head_revision_id);
      if (!head) throw notFound(`revision ${row.head_revision_id}`);
      const doc = await documentRow(db, row.kind, row.name);
      const live = doc?.live_revision_id ? await revisionRow(db, doc.live_revision_id) : null;
      const checked = checkAgainst(row.kind, row.name, head.text, await readLiveSet(db));
      const events: AuditEntry[] = (await queryAudit(db, { draftId: id, limit: 200 })).entries;
      return {
        ...(await summary(db, row)),
        head: { ...revisionOf(head), text: head.text },
        live: live ? { ...revisionOf(live), text: live.text } : null,
        /** The live version moved since the draft started: it may undo someone else's change. */
        liveChanged: (doc?.live_revision_id ?? null) !== row.base_revision_id,
        diff: diffOf(row.name, live?.text ?? '', head.text),
        problems: checked.problems,
        errors: checked.errors,
        events: events.reverse(),
      };
    },

    /** Upcoming scheduled publications and promotion ends. */
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

    async listConflicts(status: string | undefined) {
      let query = db.selectFrom('content_conflicts').selectAll();
      if (status !== 'all') query = query.where('status', '=', status ?? 'open');
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
            baseline: baseline ? { ...revisionOf(baseline), text: baseline.text } : null,
            previousBaseline: previous ? { ...revisionOf(previous), text: previous.text } : null,
            live: live ? { ...revisionOf(live), text: live.text } : null,
            /** From what borrowers get now to what the new release ships. */
            diff: createTwoFilesPatch(
              `${c.name} (live)`,
              `${c.name} (new baseline)`,
              live?.text ?? '',
              baseline?.text ?? '',
              undefined,
              undefined,
              { context: 3 },
            ),
            problems: parseJson<Problem[]>(c.problems_json, []),
          };
        }),
      );
    },

    // ---- the flow ----------------------------------------------------------------------------

    /**
     * Save = a new revision in the document's open draft (made if there is none). `parentRevisionId`
     * is the revision the editor started from (the draft's head, or the live revision when there
     * is no draft; null for a new document): anything else means someone saved meanwhile (409).
     * A draft may hold errors (work in progress); it cannot be reviewed or published with them.
     */
    async saveDraft(
      kind: string,
      name: string,
      input: { text: unknown; message?: unknown; parentRevisionId?: unknown; rebase?: unknown },
      actor: Actor,
    ) {
      spec(kind, name);
      const text = input.text;
      if (typeof text !== 'string') throw new FlowError(400, 'send the document as { "text": "..." }');
      if (text.length > TEXT_MAX)
        throw new FlowError(400, `a document may have at most ${TEXT_MAX / 1024} KB`);
      const note = message(input.message);
      const parent = input.parentRevisionId ?? null;
      if (parent !== null && (typeof parent !== 'number' || !Number.isInteger(parent)))
        throw new FlowError(400, 'parentRevisionId must be a revision id or null');
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
        if (parent !== expected)
          throw new FlowError(
            409,
            draft
              ? `${name} has been saved by ${draft.updated_by} since you opened it: reload it before saving`
              : `${name} has changed since you opened it: reload it before saving`,
            { headRevisionId: expected },
          );
        if (draft?.status === 'scheduled')
          throw new FlowError(
            409,
            `${name} is scheduled for publication: cancel the schedule before editing it`,
          );
        const headText = expected === null ? null : ((await revisionRow(trx, expected))?.text ?? null);
        const checked = checkAgainst(kind, name, text, await readLiveSet(trx));
        const rebase = input.rebase === true && draft && draft.base_revision_id !== live;
        if (headText === text && !rebase)
          return {
            draft: draft ? await summary(trx, draft) : null,
            revision: null,
            unchanged: true,
            problems: checked.problems,
            errors: checked.errors,
          };
        if (!doc) await ensureDocument(trx, kind, name, at);
        if (!draft) {
          const inserted = await trx
            .insertInto('content_drafts')
            .values({
              kind,
              name,
              status: 'draft',
              open_key: target(kind, name),
              base_revision_id: live,
              // Set just below, once the first revision exists.
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
          draft = inserted;
        }
        const revisionId = await insertRevision(trx, {
          kind,
          name,
          parentId: expected,
          draftId: draft.id,
          text,
          author: actor,
          message: note,
          source: 'studio',
          errors: checked.errors,
          at,
        });
        const pulledBack = draft.status === 'in_review';
        const updated = await trx
          .updateTable('content_drafts')
          .set({
            head_revision_id: revisionId,
            updated_by: actor.name,
            updated_at: at,
            ...(pulledBack || draft.status === 'changes_requested' ? { status: 'draft' } : {}),
            ...(rebase ? { base_revision_id: live } : {}),
          })
          .where('id', '=', draft.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, {
          at,
          actor,
          action: 'draft.save',
          target: target(kind, name),
          draftId: draft.id,
          revisionId,
          detail: {
            errors: checked.errors,
            ...(note ? { message: note } : {}),
            ...(pulledBack ? { reviewWithdrawn: true } : {}),
            ...(rebase ? { rebasedOn: live } : {}),
          },
        });
        const revision = await revisionRow(trx, revisionId);
        return {
          draft: await summary(trx, updated),
          revision: revision ? revisionOf(revision) : null,
          unchanged: false,
          problems: checked.problems,
          errors: checked.errors,
        };
      });
    },

    async requestReview(id: number, input: { message?: unknown }, actor: Actor) {
      const note = message(input.message);
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(row, ['draft', 'changes_requested'], 'sent for review');
        const head = await revisionRow(trx, row.head_revision_id);
        const checked = checkAgainst(row.kind, row.name, head?.text ?? '', await readLiveSet(trx));
        if (checked.errors > 0)
          throw new FlowError(422, `fix ${plural(checked.errors, 'error')} before asking for a review`, {
            problems: checked.problems,
          });
        const at = iso();
        const updated = await trx
          .updateTable('content_drafts')
          .set({ status: 'in_review', review_message: note, updated_at: at })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, {
          at,
          actor,
          action: 'draft.review',
          target: target(row.kind, row.name),
          draftId: id,
          revisionId: row.head_revision_id,
          detail: note ? { message: note } : {},
        });
        return summary(trx, updated);
      });
    },

    /**
     * A publisher approves the revision they reviewed: published now, or at `publishAt`, and ended
     * at `endsAt` (falling back to the revision live before it, or to a "campaign ended" screen).
     */
    async approve(
      id: number,
      input: {
        revisionId?: unknown;
        publishAt?: unknown;
        endsAt?: unknown;
        endFallback?: unknown;
        message?: unknown;
      },
      actor: Actor,
    ) {
      const note = message(input.message);
      const publishAt =
        input.publishAt === undefined || input.publishAt === null
          ? null
          : instant(input.publishAt, 'publishAt');
      const endsAt =
        input.endsAt === undefined || input.endsAt === null ? null : instant(input.endsAt, 'endsAt');
      const endFallback = endsAt ? fallback(input.endFallback) : null;
      return run(
        async (trx) => {
          const row = await draftRow(trx, id);
          requireStatus(row, ['in_review'], 'approved (ask for a review first)');
          if (input.revisionId !== row.head_revision_id)
            throw new FlowError(
              409,
              `the draft changed since you reviewed it (revision ${row.head_revision_id} is its latest): review it again`,
              { headRevisionId: row.head_revision_id },
            );
          const authors = await authorsOf(trx, id);
          const own = authors.some((a) => a.author_id !== null && a.author_id === actor.id);
          if (own && deps.fourEyes)
            throw new FlowError(
              403,
              'you wrote part of this change: another publisher must approve it (four eyes)',
            );
          const at = iso();
          const when = publishAt && publishAt > at ? publishAt : null;
          if (endsAt && endsAt <= (when ?? at))
            throw new FlowError(400, 'endsAt must be after the publication');
          if (endFallback) await checkFallback(trx, row.kind, row.name, endFallback);
          const doc = await documentRow(trx, row.kind, row.name);
          if ((doc?.live_revision_id ?? null) !== row.base_revision_id)
            throw new FlowError(
              409,
              `the live version of ${row.name} changed since this draft was started: the editor must update the draft first`,
              { liveRevisionId: doc?.live_revision_id ?? null },
            );
          if (when) {
            // Checked now too, so a schedule is not accepted for a document that cannot be published.
            const head = await revisionRow(trx, row.head_revision_id);
            const checked = checkAgainst(row.kind, row.name, head?.text ?? '', await readLiveSet(trx));
            if (checked.errors > 0)
              throw new FlowError(
                422,
                `${row.name} has ${plural(checked.errors, 'error')} and cannot be published`,
                {
                  problems: checked.problems,
                },
              );
            const updated = await trx
              .updateTable('content_drafts')
              .set({
                status: 'scheduled',
                publish_at: when,
                ends_at: endsAt,
                end_fallback: endFallback,
                scheduled_by: actor.name,
                scheduled_by_id: actor.id,
                reviewed_by: actor.name,
                updated_at: at,
              })
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirstOrThrow();
            await audit(trx, {
              at,
              actor,
              action: 'draft.schedule',
              target: target(row.kind, row.name),
              draftId: id,
              revisionId: row.head_revision_id,
              detail: {
                publishAt: when,
                ...(endsAt ? { endsAt, endFallback } : {}),
                ...(own ? { fourEyesWaived: true } : {}),
                ...(note ? { message: note } : {}),
              },
            });
            return { draft: await summary(trx, updated), publicationId: null };
          }
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
            detail: { authors: authors.map((a) => a.author) },
            notify: deps.notify,
          });
          await trx
            .updateTable('content_drafts')
            .set({ reviewed_by: actor.name })
            .where('id', '=', id)
            .execute();
          await closeDraft(trx, row, 'published', publicationId);
          return { draft: await summary(trx, await draftRow(trx, id)), publicationId };
        },
        (result) => result.publicationId !== null,
      );
    },

    async sendBack(id: number, input: { comment?: unknown }, actor: Actor) {
      const comment = message(input.comment, 'comment');
      if (!comment) throw new FlowError(400, 'say what to change: a comment is required');
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(row, ['in_review'], 'sent back');
        const at = iso();
        const updated = await trx
          .updateTable('content_drafts')
          .set({
            status: 'changes_requested',
            review_comment: comment,
            reviewed_by: actor.name,
            updated_at: at,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, {
          at,
          actor,
          action: 'draft.send-back',
          target: target(row.kind, row.name),
          draftId: id,
          revisionId: row.head_revision_id,
          detail: { comment },
        });
        return summary(trx, updated);
      });
    },

    async unschedule(id: number, actor: Actor) {
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(row, ['scheduled'], 'unscheduled');
        const at = iso();
        const updated = await trx
          .updateTable('content_drafts')
          .set({ status: 'in_review', publish_at: null, ends_at: null, end_fallback: null, updated_at: at })
          .where('id', '=', id)
          .where('status', '=', 'scheduled')
          .returningAll()
          .executeTakeFirst();
        if (!updated) throw new FlowError(409, `draft ${id} is being published right now`);
        await audit(trx, {
          at,
          actor,
          action: 'draft.unschedule',
          target: target(row.kind, row.name),
          draftId: id,
          revisionId: row.head_revision_id,
          detail: { publishAt: row.publish_at },
        });
        return summary(trx, updated);
      });
    },

    async discard(id: number, actor: Actor) {
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(
          row,
          ['draft', 'in_review', 'changes_requested'],
          'discarded (cancel its schedule first)',
        );
        await closeDraft(trx, row, 'discarded', null);
        await audit(trx, {
          at: iso(),
          actor,
          action: 'draft.discard',
          target: target(row.kind, row.name),
          draftId: id,
          revisionId: row.head_revision_id,
        });
        return summary(trx, await draftRow(trx, id));
      });
    },

    /**
     * Rollback: one action that publishes an earlier revision again, as a new publication (the
     * history is never rewritten). Only a revision that was published before qualifies: it was
     * reviewed then. The checker runs again, as for any publication.
     */
    async rollback(
      kind: string,
      name: string,
      input: { revisionId?: unknown; message?: unknown },
      actor: Actor,
    ) {
      spec(kind, name);
      const note = message(input.message);
      const revisionId = input.revisionId;
      if (typeof revisionId !== 'number' || !Number.isInteger(revisionId))
        throw new FlowError(400, 'revisionId must be the id of an earlier revision');
      return run(
        async (trx) => {
          const doc = await documentRow(trx, kind, name);
          if (!doc) throw notFound(`${kind} '${name}'`);
          if (doc.live_revision_id === revisionId)
            throw new FlowError(409, `revision ${revisionId} is already live`);
          const earlier = await trx
            .selectFrom('content_publications')
            .select('id')
            .where('kind', '=', kind)
            .where('name', '=', name)
            .where('revision_id', '=', revisionId)
            .executeTakeFirst();
          if (!earlier)
            throw new FlowError(
              422,
              `revision ${revisionId} of ${name} was never published: only a published revision can be restored this way`,
            );
          const at = iso();
          const publicationId = await publishIn(trx, {
            kind,
            name,
            revisionId,
            reason: 'rollback',
            actor,
            publishedBy: actor.name,
            at,
            message: note,
            expectLive: doc.live_revision_id,
            notify: deps.notify,
          });
          return { publicationId, revisionId };
        },
        () => true,
      );
    },

    /** Sets, changes or removes (endsAt null) the end of the live publication of a promotion. */
    async setEnd(publicationId: number, input: { endsAt?: unknown; endFallback?: unknown }, actor: Actor) {
      const endsAt = input.endsAt === null ? null : instant(input.endsAt, 'endsAt');
      const endFallback = endsAt ? fallback(input.endFallback) : null;
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('content_publications')
          .selectAll()
          .where('id', '=', publicationId)
          .executeTakeFirst();
        if (!row) throw notFound(`publication ${publicationId}`);
        const doc = await documentRow(trx, row.kind, row.name);
        if (doc?.live_publication_id !== publicationId || row.ended_at !== null)
          throw new FlowError(409, `publication ${publicationId} is no longer live: only a live one can end`);
        const at = iso();
        if (endsAt && endsAt <= at) throw new FlowError(400, 'endsAt must be in the future');
        if (endFallback) {
          if (endFallback === 'previous' && row.previous_revision_id === null)
            throw new FlowError(
              422,
              `nothing of ${row.name} was live before: end it with a "campaign ended" document (endFallback 'screen:<id>')`,
            );
          if (endFallback !== 'previous') await checkFallback(trx, row.kind, row.name, endFallback);
        }
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

    /**
     * A baseline conflict settled by a publisher: 'baseline' publishes the release's version (checked
     * like any publication), 'live' keeps what borrowers have. Either way it is logged.
     */
    async resolveConflict(id: number, input: { take?: unknown; message?: unknown }, actor: Actor) {
      const take = input.take;
      if (take !== 'baseline' && take !== 'live')
        throw new FlowError(400, "take must be 'baseline' or 'live'");
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
            throw new FlowError(409, `conflict ${id} is already ${conflict.status}`);
          const at = iso();
          let publicationId: number | null = null;
          if (take === 'baseline')
            publicationId = await publishIn(trx, {
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
            });
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

    /** A signed link that opens the draft in the real app, for a limited time. */
    async previewLink(id: number, actor: Actor) {
      return db.transaction().execute(async (trx) => {
        const row = await draftRow(trx, id);
        requireStatus(row, OPEN, 'previewed');
        if (row.kind !== 'screen') throw new FlowError(422, 'only a screen can be previewed in the app');
        const head = await revisionRow(trx, row.head_revision_id);
        const checked = checkAgainst(row.kind, row.name, head?.text ?? '', await readLiveSet(trx));
        if (checked.errors > 0)
          throw new FlowError(422, `fix ${plural(checked.errors, 'error')} before previewing on a phone`, {
            problems: checked.problems,
          });
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

    /** The draft a preview token opens (expanded), while it is open and its head passes the checker. */
    async previewed(
      token: string,
    ): Promise<{ name: string; text: string; revisionId: number; expiresAt: string } | null> {
      const verified = deps.preview.verify(token, deps.now());
      if (!verified) return null;
      const row = await db
        .selectFrom('content_drafts')
        .selectAll()
        .where('id', '=', verified.draftId)
        .executeTakeFirst();
      if (!row || row.kind !== 'screen' || !OPEN.includes(row.status as DraftStatus)) return null;
      const head = await revisionRow(db, row.head_revision_id);
      if (!head) return null;
      const live = await readLiveSet(db);
      if (checkAgainst(row.kind, row.name, head.text, live).errors > 0) return null;
      let text: string;
      try {
        // Expanded against what is live, as it would be served once published.
        text = spec(row.kind, row.name).serve(row.name, head.text, live) ?? head.text;
      } catch (error) {
        // A checked draft that cannot expand is a checker slip: the link answers like a failing draft.
        if (error instanceof ExpansionError) return null;
        throw error;
      }
      return { name: row.name, text, revisionId: head.id, expiresAt: verified.expiresAt.toISOString() };
    },
  };
}

export type Flow = ReturnType<typeof createFlow>;
