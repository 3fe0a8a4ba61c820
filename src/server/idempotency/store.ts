import { randomToken } from '../lib/ids.js';
import type { Db } from '../db/schema.js';

/** How long a key is remembered: a repeat within it gets the first reply (docs/decisions.md). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/**
 * A claim still pending after this long is taken over by the next try with its key. Safe at any
 * age: a write and its key's reply commit together (once.ts), so a pending claim means the write
 * did not commit, and an owner that was only slow finds its claim gone and rolls back. As long as
 * a repeat waits (WAIT_MS in index.ts), so a retry after a crash runs instead of getting a 409.
 */
export const STALE_CLAIM_MS = 15_000;

export interface KeyId {
  scope: string;
  route: string;
  key: string;
}

/** A key as its owner holds it: the claim's token says it is still this request's. */
export interface Held extends KeyId {
  token: string;
}

export type Claim =
  | { kind: 'owner'; held: Held }
  | { kind: 'replay'; status: number; reply: string }
  /** The key came with another request body. */
  | { kind: 'mismatch' }
  /** The first request with the key is still running. */
  | { kind: 'running' };

/** The owner's claim is gone (taken over by a retry): its write must not commit. */
export class ClaimLost extends Error {
  readonly statusCode = 409;
  constructor() {
    super('This request was sent again meanwhile: the later try is the one that counts.');
  }
}

const byId = (db: Db, id: KeyId) =>
  db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', id.scope)
    .where('route', '=', id.route)
    .where('key', '=', id.key);

/**
 * One attempt to take the key: the insert that wins the primary key owns the request; everyone
 * else reads what it left. A row past the window, or abandoned, is removed and the key taken anew.
 */
export async function tryClaim(db: Db, id: KeyId, fingerprint: string, now = Date.now()): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const token = randomToken();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        ...id,
        fingerprint,
        state: 'pending',
        status_code: 0,
        reply: '',
        created_at: new Date(now).toISOString(),
        claim: token,
      })
      .onConflict((oc) => oc.columns(['scope', 'route', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { kind: 'owner', held: { ...id, token } };
    const row = await byId(db, id).executeTakeFirst();
    if (!row) continue; // released by a failed first request: try to take it
    const age = now - Date.parse(row.created_at);
    const abandoned = row.state === 'pending' && age > STALE_CLAIM_MS;
    if (age > IDEMPOTENCY_WINDOW_MS || abandoned) {
      // Only the row as it was read: a write committing meanwhile made it 'done', and that stays.
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', id.scope)
        .where('route', '=', id.route)
        .where('key', '=', id.key)
        .where('state', '=', row.state)
        .where('claim', '=', row.claim)
        .where('created_at', '=', row.created_at)
        .execute();
      continue;
    }
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.state === 'done') return { kind: 'replay', status: row.status_code, reply: row.reply };
    return { kind: 'running' };
  }
  return { kind: 'running' };
}

const heldRow = (db: Db, held: Held) =>
  db
    .updateTable('idempotency_keys')
    .where('scope', '=', held.scope)
    .where('route', '=', held.route)
    .where('key', '=', held.key)
    .where('state', '=', 'pending')
    .where('claim', '=', held.token);

/**
 * Inside the write's transaction, first: checks the claim is still this request's and locks its
 * row (PostgreSQL: a takeover waits for the commit and then finds the reply; SQLite: the
 * transaction holds the write lock from here). Throws ClaimLost otherwise.
 */
export async function lockHeld(trx: Db, held: Held): Promise<void> {
  const touched = await heldRow(trx, held).set({ state: 'pending' }).executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) throw new ClaimLost();
}

/** Keeps the first request's reply for the repeats; in the write's transaction (once.ts) or after it. */
export async function finish(db: Db, held: Held, status: number, reply: string): Promise<boolean> {
  const done = await heldRow(db, held).set({ state: 'done', status_code: status, reply }).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Forgets a claim whose request failed (5xx): a retry with the key runs again. */
export async function release(db: Db, held: Held): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', held.scope)
    .where('route', '=', held.route)
    .where('key', '=', held.key)
    .where('state', '=', 'pending')
    .where('claim', '=', held.token)
    .execute();
}

/** Drops keys past the window (the periodic clean-up). */
export async function purgeKeys(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
