// The accounts' tables, added to the shared Database type.
import type { Generated } from 'kysely';

export interface StudioAccountsTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  /** Comma-separated roles: 'editor', 'publisher', 'admin'. */
  roles: string;
  password_hash: string;
  disabled: number;
  /** Seeded by the demo: signs in only while the server runs as the demo (LENDER_DEV). */
  demo: number;
  created_at: string;
  updated_at: string;
}

export interface StudioSessionsTable {
  id: string;
  account_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
}

declare module '../db/schema.js' {
  interface Database {
    studio_accounts: StudioAccountsTable;
    studio_sessions: StudioSessionsTable;
  }
}
