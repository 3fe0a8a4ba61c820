// Refused attempts in the audit log, without letting a flood of them grow it without bound (issue
// 28 item 6). Each refusal is counted per source (an address, or the signed-in account) and action
// in 15-minute windows, in audit_refusal_counts; it gets an entry of its own while its source has
// had at most REFUSAL_LIMITS.perSource of that action in the window and all sources together at
// most REFUSAL_LIMITS.perWindow. What is only counted is summed up when the window has closed:
// one `refusal.suppressed` entry per source and action (at most SUMMARIES_PER_WINDOW of them, the
// largest), the rest folded into one entry per action. So the log grows by at most about 1,100
// refusal entries in 15 minutes, however many requests are refused, and nothing goes unrecorded.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { audit, SYSTEM, type AuditInput } from './log.js';
import './tables.js';

export const REFUSAL_WINDOW_MS = 15 * 60 * 1000;
export const REFUSAL_LIMITS = { perSource: 30, perWindow: 1000 } as const;
/** Summaries of one window, one per source and action, the largest first; the rest are folded. */
export const SUMMARIES_PER_WINDOW = 100;
/** How often an instance looks for closed windows to sum up while refusals arrive. */
const FLUSH_EVERY_MS = 60 * 1000;

type Db = Kysely<Database>;

export interface RefusalInput extends AuditInput {
  /** Who is refused: 'ip:<address>' before sign-in, 'account:<id>' after. */
  source: string;
}

const windowOf = (at: string) =>
  new Date(Math.floor(Date.parse(at) / REFUSAL_WINDOW_MS) * REFUSAL_WINDOW_MS).toISOString();

async function bump(db: Db, window: string, source: string, action: string): Promise<number> {
  const row = await db
    .insertInto('audit_refusal_counts')
    .values({ window_start: window, source, action, count: 1, logged: 0 })
    .onConflict((oc) =>
      oc
        .columns(['window_start', 'source', 'action'])
        .doUpdateSet({ count: sql<number>`${sql.ref('audit_refusal_counts.count')} + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const lastFlush = new WeakMap<Db, number>();

/**
 * Records a refusal: its own entry, or a count summed up later. True when it got its own entry.
 * `limits`: REFUSAL_LIMITS (tests of the bound pass smaller ones).
 */
export async function auditRefusal(
  db: Db,
  entry: RefusalInput,
  limits: { perSource: number; perWindow: number } = REFUSAL_LIMITS,
): Promise<boolean> {
  const window = windowOf(entry.at);
  const mine = await bump(db, window, entry.source, entry.action);
  const all = await bump(db, window, '*', '*');
  const logged = mine <= limits.perSource && all <= limits.perWindow;
  if (logged) {
    await audit(db, entry);
    await db
      .updateTable('audit_refusal_counts')
      .set({ logged: sql<number>`${sql.ref('logged')} + 1` })
      .where('window_start', '=', window)
      .where((eb) =>
        eb.or([
          eb.and([eb('source', '=', entry.source), eb('action', '=', entry.action)]),
          eb.and([eb('source', '=', '*'), eb('action', '=', '*')]),
        ]),
      )
      .execute();
  }
  const now = Date.parse(entry.at);
  if (now - (lastFlush.get(db) ?? 0) >= FLUSH_EVERY_MS) {
    lastFlush.set(db, now);
    await flushRefusals(db, new Date(now));
  }
  return logged;
}

/**
 * Sums up the windows that closed before `now`: their rows are taken (deleted) by one instance and
 * written as `refusal.suppressed` entries. Returns how many entries it wrote.
 */
export async function flushRefusals(db: Db, now: Date, summaries = SUMMARIES_PER_WINDOW): Promise<number> {
  const current = windowOf(now.toISOString());
  const closed = await db
    .deleteFrom('audit_refusal_counts')
    .where('window_start', '<', current)
    .returningAll()
    .execute();
  let written = 0;
  const windows = new Set(closed.map((r) => r.window_start));
  for (const window of [...windows].sort()) {
    const to = new Date(Date.parse(window) + REFUSAL_WINDOW_MS).toISOString();
    const unlogged = closed
      .filter((r) => r.window_start === window && r.source !== '*' && r.count > r.logged)
      .sort((a, b) => b.count - b.logged - (a.count - a.logged));
    for (const r of unlogged.slice(0, summaries)) {
      await audit(db, {
        at: to,
        actor: SYSTEM,
        action: 'refusal.suppressed',
        target: r.action,
        detail: {
          source: r.source,
          from: window,
          to,
          refused: r.count,
          logged: r.logged,
          notLogged: r.count - r.logged,
        },
      });
      written++;
    }
    const folded = new Map<string, { sources: number; notLogged: number }>();
    for (const r of unlogged.slice(summaries)) {
      const sum = folded.get(r.action) ?? { sources: 0, notLogged: 0 };
      folded.set(r.action, { sources: sum.sources + 1, notLogged: sum.notLogged + r.count - r.logged });
    }
    for (const [action, sum] of folded) {
      await audit(db, {
        at: to,
        actor: SYSTEM,
        action: 'refusal.suppressed',
        target: action,
        detail: { source: `${sum.sources} more sources`, from: window, to, notLogged: sum.notLogged },
      });
      written++;
    }
  }
  return written;
}
