// The audit log's table, added to the shared Database type (module augmentation keeps each
// subsystem's tables in its own folder).
import type { Generated } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  /** ISO-8601 UTC. */
  at: string;
  /** Account name, or 'system' / 'baseline' / 'cli:<user>' for what no account did. */
  actor: string;
  actor_id: number | null;
  action: string;
  /** What the action was about: 'screen:<id>', 'manifest:manifest', 'account:<name>', 'session'. */
  target: string;
  draft_id: number | null;
  revision_id: number | null;
  detail_json: string;
  ip: string;
}

/** Refusals per source and action in one window (refusals.ts): what keeps a flood out of the log. */
export interface AuditRefusalCountsTable {
  window_start: string;
  /** 'ip:<address>', 'account:<id>', or '*' for every source. */
  source: string;
  /** The refusal's audit action, or '*' for every action. */
  action: string;
  count: number;
  /** How many of them got an entry of their own. */
  logged: number;
}

declare module '../db/schema.js' {
  interface Database {
    audit_log: AuditLogTable;
    audit_refusal_counts: AuditRefusalCountsTable;
  }
}
