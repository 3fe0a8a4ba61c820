// The editorial flow (issue 17): drafts saved as immutable revisions, review, approval by another
// person (four eyes), publication now or at a time, promotions that end, rollback, baseline
// conflicts and preview links. Every step checks its preconditions inside one transaction, writes
// the audit log in that transaction, and tells the served set when something was published.
//
// This file is the contract and its assembly; each part lives in a module of its own:
// queries.ts (reads), draft-save.ts, draft-moves.ts (review, send back, unschedule, discard, and
// `moveDraft`, the one way a step changes a draft and audits it), draft-approve.ts,
// publications.ts (rollback, promotion ends), baseline-conflicts.ts, preview-links.ts;
// flow-input.ts reads the API's input, flow-context.ts holds what they share.
import { baselineConflicts, type BaselineConflicts } from './baseline-conflicts.js';
import { draftApproval, type DraftApproval } from './draft-approve.js';
import { draftReview, type DraftReview } from './draft-moves.js';
import { draftSave, type DraftSave } from './draft-save.js';
import { flowContext, type FlowDeps } from './flow-context.js';
import { previewLinks, type PreviewLinks } from './preview-links.js';
import { publications, type Publications } from './publications.js';
import { flowQueries, type FlowQueries } from './queries.js';

export type { FlowDeps } from './flow-context.js';

/**
 * The publishing flow as the studio API uses it. Reads (FlowQueries); a draft's life: save
 * (DraftSave), review, send back, unschedule, discard (DraftReview), approve (DraftApproval); what
 * is live: rollback and promotion ends (Publications); baseline conflicts (BaselineConflicts);
 * preview links (PreviewLinks). Refusals are `Refusal`s (src/server/lib/refusal.ts).
 */
export interface Flow
  extends FlowQueries, DraftSave, DraftReview, DraftApproval, Publications, BaselineConflicts, PreviewLinks {}

export function createFlow(deps: FlowDeps): Flow {
  const context = flowContext(deps);
  return {
    ...flowQueries(context),
    ...draftSave(context),
    ...draftReview(context),
    ...draftApproval(context),
    ...publications(context),
    ...baselineConflicts(context),
    ...previewLinks(context),
  };
}
