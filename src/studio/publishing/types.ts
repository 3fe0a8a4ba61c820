// The studio API's shapes the publishing screens read (docs/api.md "Studio API (issue 17)").
import type {
  AccountRow,
  AuditEntry,
  Conflict,
  Draft,
  DraftDetail,
  DraftStatus,
  Publication,
  Revision,
} from '../../wire/studio';

export type { AccountRow, AuditEntry, Conflict, Draft, DraftDetail, DraftStatus, Publication, Revision };

export const STATUS_LABEL: Record<DraftStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  changes_requested: 'Sent back',
  scheduled: 'Scheduled',
  published: 'Published',
  discarded: 'Discarded',
};
