// The studio API's answers the studio reads (docs/api.md "Studio API"), as the studio names them.
// The server's rows (src/server/publishing/views.ts) carry more fields; tests/unit/wire/shapes.test.ts
// holds them to these shapes, so neither side can change one alone.
import type { Problem } from '../../renderer/validate/problem';

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

/** A draft, a revision, a draft with what review shows, a baseline conflict and an account, as the studio's pages read them. */
export type DraftStatus =
  'draft' | 'in_review' | 'changes_requested' | 'scheduled' | 'published' | 'discarded';

export interface Revision {
  id: number;
  kind: string;
  name: string;
  parentId: number | null;
  author: string;
  message: string;
  source: string;
  errors: number;
  createdAt: string;
}

export interface Draft {
  id: number;
  kind: string;
  name: string;
  status: DraftStatus;
  baseRevisionId: number | null;
  headRevisionId: number;
  createdBy: string;
  updatedBy: string;
  updatedAt: string;
  /** Everyone who saved a revision of this draft (none of them may approve it). */
  authors: string[];
  reviewMessage: string | null;
  reviewComment: string | null;
  reviewedBy: string | null;
  publishAt: string | null;
  endsAt: string | null;
  endFallback: string | null;
  scheduledBy: string | null;
  publicationId: number | null;
}

export interface DraftDetail extends Draft {
  head: Revision & { text: string };
  live: (Revision & { text: string }) | null;
  liveChanged: boolean;
  diff: string;
  problems: Problem[];
  errors: number;
  events: AuditEntry[];
}

export interface Conflict {
  id: number;
  kind: string;
  name: string;
  status: string;
  reason: 'live-changed' | 'errors';
  createdAt: string;
  baseline: { id: number; text?: string } | null;
  live: { id: number; text?: string } | null;
  diff: string;
  problems: Problem[];
}

export interface AccountRow {
  id: number;
  username: string;
  displayName: string;
  roles: string[];
  disabled: boolean;
  demo: boolean;
  createdAt: string;
  /** Refused sign-ins of the last hour; `limited`: new browsers are held back (an admin unlocks). */
  signIn: { failures: number; limited: boolean };
}

/** A picture uploaded in the studio (`GET /studio/api/assets`, issue 25). */
export interface StudioAsset {
  /** `<sha-256 of the bytes>.<png|jpg|gif|webp>`: the same picture always has the same name. */
  name: string;
  /** Where borrowers load it: an app path, `/media/<name>` (same origin). */
  url: string;
  mime: string;
  size: number;
  /** The file name it was uploaded with. */
  label: string;
  uploadedBy: string;
  uploadedAt: string;
}

/** The largest picture the studio takes (bytes): a banner for a phone needs far less. */
export const ASSET_MAX_BYTES = 1024 * 1024;
/**
 * Why a picture of `bytes` is refused, or null: the server's rule and sentence. The studio says it
 * before sending (a 1 MB+ upload for nothing); the server still decides, and audits.
 */
export const assetTooLarge = (label: string, bytes: number): string | null =>
  bytes > ASSET_MAX_BYTES
    ? `${label} is ${sizeText(bytes)}: pictures may be at most ${sizeText(ASSET_MAX_BYTES)}`
    : null;

/**
 * A size as people read it (an editor is told "1.5 MB", not "1534221 bytes"): whole KB under a
 * MB, MB with one decimal above, never rounded down to the limit it is over.
 */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  const mb = Math.ceil((bytes / (1024 * 1024)) * 10) / 10;
  return `${Number.isInteger(mb) ? mb.toFixed(0) : mb.toFixed(1)} MB`;
}
/** Where uploaded pictures are served, on the borrower's origin (and the studio's, for its phone). */
export const MEDIA_PREFIX = '/media/';
/** An asset's name: what the server serves under MEDIA_PREFIX, and nothing else. */
export const ASSET_NAME = /^[a-f0-9]{64}\.(png|jpg|gif|webp)$/;

/** A screen id: what a screen's file is named and its address (the server's and the studio's rule). */
export const SCREEN_ID = /^[a-z][a-z0-9-]{0,63}$/;
/**
 * Names a screen may not have: `manifest` is the manifest's own file (a screen saved under that
 * name once replaced the manifest, issue 20), the others are folders of screens/.
 */
export const RESERVED_SCREEN_IDS: ReadonlySet<string> = new Set(['manifest', 'scenarios', 'parts']);

/** Why `name` cannot be a screen's id, or null when it can. */
export function screenIdProblem(name: string): string | null {
  if (!SCREEN_ID.test(name))
    return `'${name}' is not a screen id: lower-case letters, digits and dashes, starting with a letter`;
  if (RESERVED_SCREEN_IDS.has(name)) return `'${name}' is a reserved name and cannot be a screen id`;
  return null;
}
