/** What the lender's identity service says a session belongs to. */
export interface VerifiedSession {
  /** The borrower: owner of every record written under the session. */
  id: string;
}

/**
 * The seam (issue 20 §1): a `sessionId` from the query string -> the borrower it belongs to, or
 * null when it is unknown, expired or forged. The reference server ships two (demo.ts, signed.ts);
 * a lender passes its own (docs/deploy.md).
 */
export type VerifySession = (sessionId: string) => Promise<VerifiedSession | null> | VerifiedSession | null;

/** Who a request is, as a route sees it. */
export interface Borrower {
  /** Owner id of what this borrower writes and reads. */
  id: string;
  /** Owners whose shared records (orders, cards) this borrower reads: itself, plus the seeded demo data in demo mode. */
  readable: readonly string[];
  /** False for the demo fallback of a read without a session: nothing is written for it. */
  signedIn: boolean;
}

/**
 * What a route needs to know of its caller (route `config.access`):
 * - public: nothing (product offers, agreements, contact, registration);
 * - read: a session, or in demo mode the demo fallback (the seeded demo borrower);
 * - private: a session in every mode (the complaint screens, §6, issue 16 item 11);
 * - write: a session in every mode, and not the read-only demo account. Write routes take
 *   idempotency keys (src/server/idempotency/).
 */
export type Access = 'public' | 'read' | 'private' | 'write';

/** Owner of the seeded demo data. */
export const DEMO_BORROWER = 'demo';

/** Longer ids are refused rather than cut (two long ids cut alike would be one borrower). */
export const MAX_SESSION_ID = 128;
