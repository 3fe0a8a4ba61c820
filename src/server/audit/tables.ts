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

declare module '../db/schema.js' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
