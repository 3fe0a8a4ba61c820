// The studio reads the studio API's answers in the shapes of src/wire/studio.ts; the server makes
// them from its own rows (src/server/publishing/views.ts). These assertions are type checks:
// `npm run typecheck` fails when a server row no longer carries what the studio reads.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AuditEntry,
  Conflict,
  Draft,
  DraftDetail,
  DraftInfo,
  HistoryEntry,
  Publication,
  Revision,
} from '../../../src/wire/studio';
import type { AuditEntry as AuditRow } from '../../../src/server/audit/log';
import type {
  ConflictView,
  DraftDetail as DraftDetailRow,
  DraftSummary,
  PublicationSummary,
  RevisionSummary,
} from '../../../src/server/publishing/views';

describe('the studio API shapes of src/wire', () => {
  it("the server's draft row carries every field of DraftInfo", () => {
    expectTypeOf<DraftSummary>().toExtend<DraftInfo>();
  });

  it("the server's revision list entry carries every field of HistoryEntry", () => {
    type Listed = RevisionSummary & { size: number; published: boolean; live: boolean };
    expectTypeOf<Listed>().toExtend<HistoryEntry>();
  });

  it("the server's publication carries every field of Publication, and its audit entries every field of AuditEntry", () => {
    expectTypeOf<PublicationSummary>().toExtend<Publication>();
    expectTypeOf<AuditRow>().toExtend<AuditEntry>();
  });

  it("the server's drafts, revisions, review and conflicts carry every field the studio's pages read", () => {
    expectTypeOf<DraftSummary>().toExtend<Draft>();
    expectTypeOf<RevisionSummary>().toExtend<Revision>();
    expectTypeOf<DraftDetailRow>().toExtend<DraftDetail>();
    expectTypeOf<ConflictView>().toExtend<Conflict>();
  });
});
