// Writing and reading the audit log. Writes take the transaction of the action they record.
import type { Kysely } from 'kysely';
import { parseJson, toJson } from '../db/json.js';
import type { Database } from '../db/schema.js';
import './tables.js';

/** Whoever acts: an account, or the server itself (schedules, the baseline import, the CLI). */
export interface Actor {
  id: number | null;
  name: string;
  /** The client address, when the action came over HTTP. */
  ip?: string;
}

export const SYSTEM: Actor = { id: null, name: 'system' };

export interface AuditInput {
  at: string;
  actor: Actor;
  action: string;
  target: string;
  draftId?: number | null;
  revisionId?: number | null;
  detail?: Record<string, unknown>;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  actorId: number | null;
  action: string;
  target: string;
  draftId: number | null;
  revisionId: number | null;
  detail: Record<string, unknown>;
  ip: string;
}

type AnyDb = Kysely<Database>;

export async function audit(db: AnyDb, entry: AuditInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      actor: entry.actor.name,
      actor_id: entry.actor.id,
      action: entry.action,
      target: entry.target,
      draft_id: entry.draftId ?? null,
      revision_id: entry.revisionId ?? null,
      detail_json: toJson(entry.detail ?? {}),
      ip: entry.actor.ip ?? '',
    })
    .execute();
}

export interface AuditFilter {
  actor?: string | undefined;
  /** An action, or a prefix ending in '*' ('draft.*'). */
  action?: string | undefined;
  target?: string | undefined;
  draftId?: number | undefined;
  /** ISO times, inclusive from, exclusive to. */
  from?: string | undefined;
  to?: string | undefined;
  /** Entries older than this id (the `next` of the previous page). */
  before?: number | undefined;
  limit?: number | undefined;
}

export const AUDIT_PAGE_MAX = 500;

/** Newest first; `next` is the cursor for the following page, or null at the end. */
export async function queryAudit(
  db: AnyDb,
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const limit = Math.min(Math.max(filter.limit ?? 100, 1), AUDIT_PAGE_MAX);
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.action) {
    const action = filter.action;
    query = action.endsWith('*')
      ? query.where('action', 'like', `${action.slice(0, -1).replace(/[\\%_]/g, '\\$&')}%`)
      : query.where('action', '=', action);
  }
  if (filter.target) query = query.where('target', '=', filter.target);
  if (filter.draftId !== undefined) query = query.where('draft_id', '=', filter.draftId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).map((r): AuditEntry => ({
    id: r.id,
    at: r.at,
    actor: r.actor,
    actorId: r.actor_id,
    action: r.action,
    target: r.target,
    draftId: r.draft_id,
    revisionId: r.revision_id,
    detail: parseJson<Record<string, unknown>>(r.detail_json, {}),
    ip: r.ip,
  }));
  return { entries: page, next: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'action',
  'target',
  'draftId',
  'revisionId',
  'ip',
  'detail',
] as const;

/**
 * One CSV field: quoted when needed, and a leading = + - @ (or tab, CR) neutralised with a quote
 * mark, because spreadsheets run such cells as formulas (CSV injection) and names and comments
 * are typed by people.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries)
    lines.push(CSV_COLUMNS.map((c) => csvField(c === 'detail' ? JSON.stringify(e.detail) : e[c])).join(','));
  return lines.join('\r\n') + '\r\n';
}
