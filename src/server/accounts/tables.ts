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

/** A refused sign-in, counted for the limits (sign-in.ts); the audit log has its own entry. */
export interface StudioSignInFailuresTable {
  id: Generated<number>;
  at: string;
  username: string;
  ip: string;
  /** sha-256 of the device cookie when the account had signed in from that browser before. */
  device: string | null;
}

/** A browser an account signed in from (its device cookie's sha-256): trusted past the global limit. */
export interface StudioDevicesTable {
  token_hash: string;
  account_id: number;
  created_at: string;
  last_used_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    studio_accounts: StudioAccountsTable;
    studio_sessions: StudioSessionsTable;
    studio_sign_in_failures: StudioSignInFailuresTable;
    studio_devices: StudioDevicesTable;
  }
}
