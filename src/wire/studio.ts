// The studio API's answers the studio reads (docs/api.md "Studio API"), as the studio names them.
// The server's rows (src/server/publishing/views.ts) carry more fields; tests/unit/wire/shapes.test.ts
// holds them to these shapes, so neither side can change one alone.

/** A document's open draft, as a save, a load or the list of documents names it. */
export interface DraftInfo {
  id: number;
  status: string;
  headRevisionId: number;
  updatedBy: string;
  updatedAt: string;
  reviewComment: string;
}

/** One revision in a document's history (`GET .../revisions`). */
export interface HistoryEntry {
  id: number;
  author: string;
  createdAt: string;
  message: string;
  source: string;
  size: number;
  /** The checker's errors in this revision (a revision with errors cannot be published). */
  errors: number;
  live: boolean;
  published: boolean;
}

/** A publication of a document (`GET .../publications`, the schedules). */
export interface Publication {
  id: number;
  kind: string;
  name: string;
  revisionId: number;
  previousRevisionId: number | null;
  reason: string;
  draftId: number | null;
  publishedBy: string;
  publishedAt: string;
  fourEyesWaived: boolean;
  message: string | null;
  endsAt: string | null;
  endFallback: string | null;
  endedAt: string | null;
  endResult: string | null;
}

/** One entry of the audit log (`GET /audit`, and a publication's events). */
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  draftId: number | null;
  revisionId: number | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
}
