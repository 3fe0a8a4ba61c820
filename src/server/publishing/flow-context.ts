// What every step of the flow shares (flow.ts assembles the steps): its dependencies, the clock,
// the transaction that tells the served set when it published, and the open draft's rows: read,
// summarised with their authors, checked for the status a step needs.
import { notFound, Refusal } from '../lib/refusal.js';
import type { PreviewTokens } from './preview.js';
import type { Db } from './store.js';
import type { DraftStatus } from './tables.js';
import { draftOf, type DraftRow, type DraftSummary } from './views.js';

export interface FlowDeps {
  db: Db;
  now: () => Date;
  /** A change needs a publisher other than its authors (config can relax it for a team of one). */
  fourEyes: boolean;
  notify(db: Db, version: number): Promise<void>;
  /** Called after a publication has been committed: the served set reloads. */
  published(): Promise<void>;
  preview: PreviewTokens;
  previewTtlMs: number;
}

export interface FlowContext {
  db: Db;
  deps: FlowDeps;
  /** Now, as the ISO text every table stores. */
  iso(): string;
  /** Runs `work` in a transaction; tells the served set afterwards when it published something. */
  run<T>(work: (trx: Db) => Promise<T>, publishes: (result: T) => boolean): Promise<T>;
}

export function flowContext(deps: FlowDeps): FlowContext {
  return {
    db: deps.db,
    deps,
    iso: () => deps.now().toISOString(),
    async run(work, publishes) {
      const result = await deps.db.transaction().execute(work);
      if (publishes(result)) await deps.published();
      return result;
    },
  };
}

/** The statuses of an open draft (a document has one at most). */
export const OPEN: readonly DraftStatus[] = ['draft', 'in_review', 'changes_requested', 'scheduled'];

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function draftRow(trx: Db, id: number): Promise<DraftRow> {
  const row = await trx.selectFrom('content_drafts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`draft ${id}`);
  return row;
}

/** Everyone who saved a revision of the draft (four eyes: none of them may approve it). */
export async function authorsOf(
  trx: Db,
  draftId: number,
): Promise<{ author: string; author_id: number | null }[]> {
  return trx
    .selectFrom('content_revisions')
    .select(['author', 'author_id'])
    .distinct()
    .where('draft_id', '=', draftId)
    .execute();
}

export async function summary(trx: Db, row: DraftRow): Promise<DraftSummary> {
  return draftOf(
    row,
    (await authorsOf(trx, row.id)).map((a) => a.author),
  );
}

export function requireStatus(row: DraftRow, allowed: readonly DraftStatus[], doing: string): void {
  if (!allowed.includes(row.status))
    throw new Refusal(409, `draft ${row.id} is ${row.status.replace('_', ' ')}: it cannot be ${doing}`, {
      status: row.status,
    });
}
