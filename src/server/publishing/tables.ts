// The content store's tables, added to the shared Database type, with the values their kind and
// status columns take.
import type { Generated } from 'kysely';

/** What a document is (kinds.ts says what differs per kind). */
export type DocKind = 'screen' | 'part' | 'manifest';
/** A draft's place in the flow; the first four are open (a document has one open draft at most). */
export const DRAFT_STATUSES = [
  'draft',
  'in_review',
  'changes_requested',
  'scheduled',
  'published',
  'discarded',
] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
/** open | taken (the baseline was published) | kept (the live version stays) | superseded */
export const CONFLICT_STATUSES = ['open', 'taken', 'kept', 'superseded'] as const;
export type ConflictStatus = (typeof CONFLICT_STATUSES)[number];

/** A status as asked for in a query string, when it is one (an unknown one matches nothing). */
export const isDraftStatus = (value: string): value is DraftStatus =>
  (DRAFT_STATUSES as readonly string[]).includes(value);
export const isConflictStatus = (value: string): value is ConflictStatus =>
  (CONFLICT_STATUSES as readonly string[]).includes(value);

export interface ContentDocumentsTable {
  kind: DocKind;
  name: string;
  /** What borrowers get; null until the first publication. */
  live_revision_id: number | null;
  live_publication_id: number | null;
  /** The revision that holds the baseline file's text as last imported (screens/ in the release). */
  baseline_revision_id: number | null;
  created_at: string;
}

export interface ContentRevisionsTable {
  id: Generated<number>;
  kind: DocKind;
  name: string;
  parent_id: number | null;
  draft_id: number | null;
  /** The document exactly as written (formatting kept). */
  text: string;
  /** sha-256 of the text, base64url. */
  hash: string;
  author: string;
  author_id: number | null;
  message: string;
  /** 'studio' (saved by an account), 'baseline' (imported from screens/), 'system' (a campaign end). */
  source: string;
  /** The checker's error count when the revision was written. */
  errors: number;
  created_at: string;
}

export interface ContentDraftsTable {
  id: Generated<number>;
  kind: DocKind;
  name: string;
  status: DraftStatus;
  open_key: string | null;
  base_revision_id: number | null;
  head_revision_id: number;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
  /** The editor's note with the review request. */
  review_message: string;
  /** The reviewer's comment when sending the draft back. */
  review_comment: string;
  reviewed_by: string | null;
  publish_at: string | null;
  ends_at: string | null;
  end_fallback: string | null;
  scheduled_by: string | null;
  scheduled_by_id: number | null;
  publication_id: number | null;
}

export interface ContentPublicationsTable {
  id: Generated<number>;
  kind: DocKind;
  name: string;
  revision_id: number;
  previous_revision_id: number | null;
  /** review | schedule | rollback | baseline | promotion-end | experiment */
  reason: string;
  draft_id: number | null;
  published_by: string;
  published_at: string;
  four_eyes_waived: number;
  message: string;
  ends_at: string | null;
  /** 'previous' or 'screen:<id>' (a "campaign ended" document). */
  end_fallback: string | null;
  ended_at: string | null;
  end_result: string | null;
}

/** Why a baseline document waits for a publisher instead of going live. */
export type ConflictReason = 'live-changed' | 'errors';

export interface ContentConflictsTable {
  id: Generated<number>;
  kind: DocKind;
  name: string;
  status: ConflictStatus;
  /** 'live-changed' (ops changed it since the last baseline) or 'errors' (the checker refuses it). */
  reason: ConflictReason;
  baseline_revision_id: number;
  previous_baseline_revision_id: number | null;
  live_revision_id: number | null;
  problems_json: string;
  created_at: string;
  resolved_by: string | null;
  resolved_at: string | null;
}

/** A device a preview link opened on (preview-claims.ts): hashes of the link and the device cookie. */
export interface PreviewClaimsTable {
  id: Generated<number>;
  link: string;
  device: string;
  claimed_at: string;
  expires_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    preview_claims: PreviewClaimsTable;
    content_documents: ContentDocumentsTable;
    content_revisions: ContentRevisionsTable;
    content_drafts: ContentDraftsTable;
    content_publications: ContentPublicationsTable;
    content_conflicts: ContentConflictsTable;
  }
}
