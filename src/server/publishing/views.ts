// Rows as the studio API shows them (camelCase, no internal columns), and the shapes the flow's
// steps answer with (flow.ts).
import type { Selectable } from 'kysely';
import type { AuditEntry } from '../audit/log.js';
import type { Draft, Publication, Revision } from '../../wire/studio.js';
import type { Problem } from '../../../renderer/validate/problem.js';
import type {
  ConflictReason,
  ConflictStatus,
  ContentDraftsTable,
  ContentPublicationsTable,
  ContentRevisionsTable,
  DocKind,
  DraftStatus,
} from './tables.js';

export type DraftRow = Selectable<ContentDraftsTable>;

/** A draft as the studio reads it (src/wire/studio.ts), with the server's narrower types. */
export interface DraftSummary extends Draft {
  kind: DocKind;
  status: DraftStatus;
  createdAt: string;
  reviewMessage: string;
  reviewComment: string;
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

/** A revision as the studio reads it (src/wire/studio.ts), with its draft and content hash. */
export interface RevisionSummary extends Revision {
  kind: DocKind;
  draftId: number | null;
  hash: string;
}

/** The columns of a revision its summary shows (a listing selects them without the text). */
export type RevisionFields = Pick<
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
>;

export function revisionOf(row: RevisionFields): RevisionSummary {
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

/** A publication as the studio reads it (src/wire/studio.ts); the server always has a message. */
export interface PublicationSummary extends Publication {
  kind: DocKind;
  message: string;
}

export function publicationOf(row: Selectable<ContentPublicationsTable>): PublicationSummary {
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

/** A revision with its text. */
export type RevisionText = RevisionSummary & { text: string };

export const withText = (row: RevisionFields & { text: string }): RevisionText => ({
  ...revisionOf(row),
  text: row.text,
});

/** A document in the studio's list: what is live, its open draft, an open baseline conflict. */
export interface DocumentEntry {
  kind: DocKind;
  name: string;
  live: {
    revisionId: number;
    publicationId: number | null;
    publishedAt: string | null;
    publishedBy: string | null;
    endsAt: string | null;
  } | null;
  draft: {
    id: number;
    status: DraftStatus;
    headRevisionId: number;
    updatedAt: string;
    updatedBy: string;
  } | null;
  conflictId: number | null;
}

/** One document opened in the editor: the live text, its publication, the open draft's text. */
export interface DocumentDetail {
  kind: DocKind;
  name: string;
  live: RevisionText | null;
  publication: PublicationSummary | null;
  draft: (DraftSummary & { text: string }) | null;
  conflictId: number | null;
}

export interface RevisionEntry extends RevisionSummary {
  /** Characters of its text. */
  size: number;
  /** It was published once (so it may be rolled back to). */
  published: boolean;
  live: boolean;
}

export interface RevisionPage {
  revisions: RevisionEntry[];
  /** The id to ask `before` for the next page; null on the last. */
  next: number | null;
}

/** A draft with what a reviewer needs: both texts, the diff, the checker's findings, its story. */
export interface DraftDetail extends DraftSummary {
  head: RevisionText;
  live: RevisionText | null;
  /** The live version moved since the draft started: it may undo someone else's change. */
  liveChanged: boolean;
  diff: string;
  problems: Problem[];
  errors: number;
  events: AuditEntry[];
}

export interface Schedules {
  publications: DraftSummary[];
  ends: PublicationSummary[];
}

export interface ConflictView {
  id: number;
  kind: DocKind;
  name: string;
  status: ConflictStatus;
  reason: ConflictReason;
  createdAt: string;
  resolvedBy: string | null;
  resolvedAt: string | null;
  baseline: RevisionText | null;
  previousBaseline: RevisionText | null;
  live: RevisionText | null;
  /** From what borrowers get now to what the new release ships. */
  diff: string;
  problems: Problem[];
}

export interface SaveResult {
  draft: DraftSummary | null;
  revision: RevisionSummary | null;
  /** The text was the head's already: nothing was written. */
  unchanged: boolean;
  problems: Problem[];
  errors: number;
}

/** An approval: published now (publicationId), or scheduled (null). */
export interface ApproveResult {
  draft: DraftSummary;
  publicationId: number | null;
}

export interface PreviewLink {
  path: string;
  expiresAt: string;
}

/** What a preview link opens: the draft's head, expanded as it would be served. */
export interface PreviewedDraft {
  name: string;
  text: string;
  revisionId: number;
  expiresAt: string;
}
