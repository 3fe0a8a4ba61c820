// The studio API's shapes the publishing screens read (docs/api.md "Studio API (issue 17)").
import type { Problem } from '../../../renderer/validate/problem';
import type { AuditEntry, Publication } from '../../wire/studio';

export type { AuditEntry, Publication };

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

export const STATUS_LABEL: Record<DraftStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  changes_requested: 'Sent back',
  scheduled: 'Scheduled',
  published: 'Published',
  discarded: 'Discarded',
};
