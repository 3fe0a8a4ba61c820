// Rows as the studio API shows them (camelCase, no internal columns).
import type { Selectable } from 'kysely';
import type { ContentDraftsTable, ContentPublicationsTable, ContentRevisionsTable } from './tables.js';

export type DraftRow = Selectable<ContentDraftsTable>;

export interface DraftSummary {
  id: number;
  kind: string;
  name: string;
  status: string;
  baseRevisionId: number | null;
  headRevisionId: number;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
  /** Everyone who saved a revision of this draft (none of them may approve it). */
  authors: string[];
  reviewMessage: string;
  reviewComment: string;
  reviewedBy: string | null;
  publishAt: string | null;
  endsAt: string | null;
  endFallback: string | null;
  scheduledBy: string | null;
  publicationId: number | null;
}

export function draftOf(row: DraftRow, authors: string[]): DraftSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    status: row.status,
    baseRevisionId: row.base_revision_id,
    headRevisionId: row.head_revision_id,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
    authors,
    reviewMessage: row.review_message,
    reviewComment: row.review_comment,
    reviewedBy: row.reviewed_by,
    publishAt: row.publish_at,
    endsAt: row.ends_at,
    endFallback: row.end_fallback,
    scheduledBy: row.scheduled_by,
    publicationId: row.publication_id,
  };
}

export interface RevisionSummary {
  id: number;
  kind: string;
  name: string;
  parentId: number | null;
  draftId: number | null;
  author: string;
  message: string;
  source: string;
  errors: number;
  createdAt: string;
  hash: string;
}

export function revisionOf(
  row: Pick<
    Selectable<ContentRevisionsTable>,
    | 'id'
    | 'kind'
    | 'name'
    | 'parent_id'
    | 'draft_id'
    | 'author'
    | 'message'
    | 'source'
    | 'errors'
    | 'created_at'
    | 'hash'
  >,
): RevisionSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    parentId: row.parent_id,
    draftId: row.draft_id,
    author: row.author,
    message: row.message,
    source: row.source,
    errors: row.errors,
    createdAt: row.created_at,
    hash: row.hash,
  };
}

export function publicationOf(row: Selectable<ContentPublicationsTable>) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    revisionId: row.revision_id,
    previousRevisionId: row.previous_revision_id,
    reason: row.reason,
    draftId: row.draft_id,
    publishedBy: row.published_by,
    publishedAt: row.published_at,
    fourEyesWaived: row.four_eyes_waived === 1,
    message: row.message,
    endsAt: row.ends_at,
    endFallback: row.end_fallback,
    endedAt: row.ended_at,
    endResult: row.end_result,
  };
}
