// The baseline: screens/ as the release ships it. At start, each document whose file changed
// since the last import becomes a new revision. It is published at once when borrowers still get
// the previous baseline (nobody changed it in the studio) and the checker accepts it; otherwise it
// waits as a conflict that a publisher settles in the studio, with the diff. A fresh database is
// seeded this way. Documents created in the studio and files removed from the release are left as
// they are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { audit, type Actor } from '../audit/log.js';
import { toJson } from '../db/json.js';
import { isPostgres } from '../db/migrations/helpers.js';
import type { Problem } from '../../../renderer/validate/problem.js';
import { docKey, type ContentSet, type SetDoc } from './content-set.js';
import { KIND_ORDER, KINDS } from './kinds.js';
import type { DocKind } from './tables.js';
import {
  checkAgainst,
  documentRow,
  ensureDocument,
  insertRevision,
  publishIn,
  readLiveSet,
  revisionRow,
  target,
  textHash,
  type Db,
} from './store.js';

export const BASELINE: Actor = { id: null, name: 'baseline' };

export interface ImportResult {
  published: string[];
  conflicts: string[];
}

interface Pending {
  kind: DocKind;
  name: string;
  revisionId: number;
  previousBaseline: number | null;
  live: number | null;
  text: string;
}

export async function importBaseline(deps: {
  db: Db;
  now: () => Date;
  dir: string;
  notify(db: Db, version: number): Promise<void>;
}): Promise<ImportResult> {
  const files: { kind: DocKind; name: string; file: string; text: string }[] = [];
  for (const kind of KIND_ORDER)
    for (const name of KINDS[kind].baseline(deps.dir)) {
      const file = KINDS[kind].file(name);
      try {
        files.push({ kind, name, file, text: readFileSync(join(deps.dir, file), 'utf8') });
      } catch {
        // Unreadable: left for screens:check to report; nothing to import.
      }
    }
  if (files.length === 0) return { published: [], conflicts: [] };

  return deps.db.transaction().execute(async (trx) => {
    const at = deps.now().toISOString();
    await lock(trx, at);
    const live = await readLiveSet(trx);
    const candidates: Pending[] = [];
    const conflicts: { pending: Pending; reason: 'live-changed' | 'errors'; problems: Problem[] }[] = [];

    for (const f of files) {
      const hash = textHash(f.text);
      const doc = await documentRow(trx, f.kind, f.name);
      const baseline = doc?.baseline_revision_id ? await revisionRow(trx, doc.baseline_revision_id) : null;
      if (baseline?.hash === hash) continue;
      const current = doc?.live_revision_id ? await revisionRow(trx, doc.live_revision_id) : null;
      if (current?.hash === hash) {
        // The release ships what is live (exported from the studio): nothing to publish.
        await trx
          .updateTable('content_documents')
          .set({ baseline_revision_id: current.id })
          .where('kind', '=', f.kind)
          .where('name', '=', f.name)
          .execute();
        await supersede(trx, f.kind, f.name);
        continue;
      }
      await ensureDocument(trx, f.kind, f.name, at);
      const revisionId = await insertRevision(trx, {
        kind: f.kind,
        name: f.name,
        parentId: doc?.baseline_revision_id ?? doc?.live_revision_id ?? null,
        draftId: null,
        text: f.text,
        author: BASELINE,
        message: `screens/${f.file} of this release`,
        source: 'baseline',
        errors: 0,
        at,
      });
      await trx
        .updateTable('content_documents')
        .set({ baseline_revision_id: revisionId })
        .where('kind', '=', f.kind)
        .where('name', '=', f.name)
        .execute();
      const pending: Pending = {
        kind: f.kind,
        name: f.name,
        revisionId,
        previousBaseline: doc?.baseline_revision_id ?? null,
        live: doc?.live_revision_id ?? null,
        text: f.text,
      };
      const untouched = !doc?.live_revision_id || doc.live_revision_id === doc.baseline_revision_id;
      if (untouched) candidates.push(pending);
      else conflicts.push({ pending, reason: 'live-changed', problems: [] });
    }

    // Documents of one release may depend on each other (a new screen and its new route): each is
    // checked against the live set with every candidate in place; one that fails waits as a
    // conflict, and the rest are checked again without it.
    let accepted = candidates;
    for (;;) {
      const set = candidateSet(live, accepted);
      const failed = accepted
        .map((p) => ({ pending: p, ...checkAgainst(p.kind, p.name, p.text, live, set) }))
        .filter((c) => c.errors > 0);
      if (failed.length === 0) break;
      for (const f of failed) conflicts.push({ pending: f.pending, reason: 'errors', problems: f.problems });
      accepted = accepted.filter((p) => !failed.some((f) => f.pending === p));
    }

    const against = candidateSet(live, accepted);
    for (const p of accepted)
      await publishIn(trx, {
        kind: p.kind,
        name: p.name,
        revisionId: p.revisionId,
        reason: 'baseline',
        actor: BASELINE,
        publishedBy: BASELINE.name,
        at,
        message: p.live === null ? 'first import' : 'the release changed it, and the studio had not',
        expectLive: p.live,
        against,
        live,
        notify: deps.notify,
      });

    for (const c of conflicts) {
      await supersede(trx, c.pending.kind, c.pending.name);
      const row = await trx
        .insertInto('content_conflicts')
        .values({
          kind: c.pending.kind,
          name: c.pending.name,
          status: 'open',
          reason: c.reason,
          baseline_revision_id: c.pending.revisionId,
          previous_baseline_revision_id: c.pending.previousBaseline,
          live_revision_id: c.pending.live,
          problems_json: toJson(c.problems),
          created_at: at,
          resolved_by: null,
          resolved_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        at,
        actor: BASELINE,
        action: 'baseline.conflict',
        target: target(c.pending.kind, c.pending.name),
        revisionId: c.pending.revisionId,
        detail: {
          conflictId: row.id,
          reason: c.reason,
          ...(c.problems.length ? { errors: c.problems.filter((p) => p.severity === 'error').length } : {}),
        },
      });
    }
    return {
      published: accepted.map((p) => docKey(p.kind, p.name)),
      conflicts: conflicts.map((c) => docKey(c.pending.kind, c.pending.name)),
    };
  });
}

function candidateSet(live: ContentSet, pending: readonly Pending[]): ContentSet {
  return pending.reduce<ContentSet>(
    (set, p) =>
      set.with({ kind: p.kind, name: p.name, revisionId: p.revisionId, text: p.text } satisfies SetDoc),
    live,
  );
}

async function supersede(trx: Db, kind: DocKind, name: string): Promise<void> {
  await trx
    .updateTable('content_conflicts')
    .set({ status: 'superseded' })
    .where('kind', '=', kind)
    .where('name', '=', name)
    .where('status', '=', 'open')
    .execute();
}

/**
 * One importer at a time, when several instances start together: PostgreSQL's transaction-scoped
 * advisory lock; on SQLite a first write takes the database's write lock for the transaction.
 */
async function lock(trx: Db, at: string): Promise<void> {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(${BASELINE_LOCK})`.execute(trx);
    return;
  }
  await trx
    .insertInto('app_meta')
    .values({ key: 'baseline_import', value: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }))
    .execute();
}

/** An arbitrary constant naming the baseline import's advisory lock. */
const BASELINE_LOCK = 172_017;
