// The database side of the content store: reading the live set and documents, writing revisions
// and publications. Every write runs inside the caller's transaction.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { audit, type Actor } from '../audit/log.js';
import type { Database } from '../db/schema.js';
import { ContentSet } from './content-set.js';
import { Refusal } from '../lib/refusal.js';
import { errorCount, kindOf } from './kinds.js';
import type { DocKind } from './tables.js';

export type Db = Kysely<Database>;

export const textHash = (text: string): string => createHash('sha256').update(text).digest('base64url');

export const target = (kind: string, name: string): string => `${kind}:${name}`;

/** Every live document with its text, as of this transaction. */
export async function readLiveSet(db: Db): Promise<ContentSet> {
  const rows = await db
    .selectFrom('content_documents as d')
    .innerJoin('content_revisions as r', 'r.id', 'd.live_revision_id')
    .select(['d.kind', 'd.name', 'r.id', 'r.text'])
    .execute();
  return ContentSet.of(rows.map((r) => ({ kind: r.kind, name: r.name, revisionId: r.id, text: r.text })));
}

/** The newest publication's id: it changes with every publication, so instances compare it. */
export async function readVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('content_publications')
    .select((eb) => eb.fn.max('id').as('v'))
    .executeTakeFirst();
  return Number(row?.v ?? 0);
}

export async function documentRow(db: Db, kind: DocKind, name: string) {
  return db
    .selectFrom('content_documents')
    .selectAll()
    .where('kind', '=', kind)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function revisionRow(db: Db, id: number) {
  return db.selectFrom('content_revisions').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewRevision {
  kind: DocKind;
  name: string;
  parentId: number | null;
  draftId: number | null;
  text: string;
  author: Actor;
  message: string;
  source: 'studio' | 'baseline' | 'system';
  errors: number;
  at: string;
}

export async function insertRevision(db: Db, r: NewRevision): Promise<number> {
  const row = await db
    .insertInto('content_revisions')
    .values({
      kind: r.kind,
      name: r.name,
      parent_id: r.parentId,
      draft_id: r.draftId,
      text: r.text,
      hash: textHash(r.text),
      author: r.author.name,
      author_id: r.author.id,
      message: r.message,
      source: r.source,
      errors: r.errors,
      created_at: r.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates the document's row when it has none (a new screen, or a fresh database). */
export async function ensureDocument(db: Db, kind: DocKind, name: string, at: string): Promise<void> {
  await db
    .insertInto('content_documents')
    .values({
      kind,
      name,
      live_revision_id: null,
      live_publication_id: null,
      baseline_revision_id: null,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['kind', 'name']).doNothing())
    .execute();
}

/** The checker's problems for `text` as document kind/name, against what publishing it would make live. */
export function checkAgainst(
  kind: string,
  name: string,
  text: string,
  live: ContentSet,
  candidate?: ContentSet,
) {
  const spec = kindOf(kind);
  if (!spec) throw new Refusal(404, `unknown document kind '${kind}'`);
  const problems = spec.check(name, text, {
    live,
    candidate: candidate ?? live.with({ kind, name, revisionId: -1, text }),
  });
  return { problems, errors: errorCount(problems) };
}

/** Why a revision became live; 'experiment': an experiment's winning arm was promoted (src/server/experiments/). */
export type PublishReason = 'review' | 'schedule' | 'rollback' | 'baseline' | 'promotion-end' | 'experiment';

const ACTION: Record<PublishReason, string> = {
  review: 'publish',
  schedule: 'publish',
  rollback: 'rollback',
  baseline: 'baseline.publish',
  'promotion-end': 'promotion.end',
  experiment: 'publish',
};

export interface PublishInput {
  kind: DocKind;
  name: string;
  revisionId: number;
  reason: PublishReason;
  /** Who acts (the audit log's actor) and whose decision it was (the publication's name). */
  actor: Actor;
  publishedBy: string;
  at: string;
  draftId?: number | null;
  message?: string;
  endsAt?: string | null;
  endFallback?: string | null;
  fourEyesWaived?: boolean;
  /** The live revision the decision was made against; another one is a 409. Undefined: any. */
  expectLive?: number | null;
  /** Check against this set instead of the live set with this revision (the baseline import). */
  against?: ContentSet;
  /** The live set `against` was built from (the baseline import reads it once for all its documents). */
  live?: ContentSet;
  detail?: Record<string, unknown>;
  notify(db: Db, version: number): Promise<void>;
}

/**
 * Makes a revision live: checked again (an error refuses it, 422 with the problems), a new
 * publication row, the document's live pointer moved only if nobody moved it meanwhile, an audit
 * entry and, on PostgreSQL, a notification for the other instances (sent at commit).
 */
export async function publishIn(db: Db, p: PublishInput): Promise<number> {
  const doc = await documentRow(db, p.kind, p.name);
  const revision = await revisionRow(db, p.revisionId);
  if (!doc || !revision || revision.kind !== p.kind || revision.name !== p.name)
    throw new Refusal(404, `revision ${p.revisionId} of ${target(p.kind, p.name)} does not exist`);
  if (p.expectLive !== undefined && doc.live_revision_id !== p.expectLive)
    throw new Refusal(
      409,
      `the live version of ${p.name} changed (revision ${doc.live_revision_id ?? 'none'} is live now): look again before publishing`,
      { liveRevisionId: doc.live_revision_id },
    );
  const checked = checkAgainst(p.kind, p.name, revision.text, p.live ?? (await readLiveSet(db)), p.against);
  if (checked.errors > 0)
    throw new Refusal(
      422,
      `${p.name} has ${checked.errors} error${checked.errors === 1 ? '' : 's'} and cannot be published`,
      { problems: checked.problems },
    );
  const publication = await db
    .insertInto('content_publications')
    .values({
      kind: p.kind,
      name: p.name,
      revision_id: p.revisionId,
      previous_revision_id: doc.live_revision_id,
      reason: p.reason,
      draft_id: p.draftId ?? null,
      published_by: p.publishedBy,
      published_at: p.at,
      four_eyes_waived: p.fourEyesWaived ? 1 : 0,
      message: p.message ?? '',
      ends_at: p.endsAt ?? null,
      end_fallback: p.endFallback ?? null,
      ended_at: null,
      end_result: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let moved = db
    .updateTable('content_documents')
    .set({ live_revision_id: p.revisionId, live_publication_id: publication.id })
    .where('kind', '=', p.kind)
    .where('name', '=', p.name);
  moved =
    doc.live_publication_id === null
      ? moved.where('live_publication_id', 'is', null)
      : moved.where('live_publication_id', '=', doc.live_publication_id);
  const result = await moved.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new Refusal(409, `${p.name} was published by someone else at the same moment: look again`);
  await audit(db, {
    at: p.at,
    actor: p.actor,
    action: ACTION[p.reason],
    target: target(p.kind, p.name),
    draftId: p.draftId ?? null,
    revisionId: p.revisionId,
    detail: {
      reason: p.reason,
      publicationId: publication.id,
      previousRevisionId: doc.live_revision_id,
      ...(p.message ? { message: p.message } : {}),
      ...(p.endsAt ? { endsAt: p.endsAt, endFallback: p.endFallback } : {}),
      ...(p.fourEyesWaived ? { fourEyesWaived: true } : {}),
      ...p.detail,
    },
  });
  await p.notify(db, publication.id);
  return publication.id;
}
