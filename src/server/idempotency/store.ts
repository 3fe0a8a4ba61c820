import type { Db } from '../db/schema.js';

/** How long a key is remembered: a repeat within it gets the first reply (docs/decisions.md). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/** A claim still running after this long was abandoned (a process killed mid-request): the next try takes over. */
export const STALE_CLAIM_MS = 2 * 60_000;

export interface KeyId {
  scope: string;
  route: string;
  key: string;
}

export type Claim =
  | { kind: 'owner' }
  | { kind: 'replay'; status: number; reply: string }
  /** The key came with another request body. */
  | { kind: 'mismatch' }
  /** The first request with the key is still running. */
  | { kind: 'running' };

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
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        ...id,
        fingerprint,
        state: 'pending',
        status_code: 0,
        reply: '',
        created_at: new Date(now).toISOString(),
      })
      .onConflict((oc) => oc.columns(['scope', 'route', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { kind: 'owner' };
    const row = await byId(db, id).executeTakeFirst();
    if (!row) continue; // released by a failed first request: try to take it
    const age = now - Date.parse(row.created_at);
    if (age > IDEMPOTENCY_WINDOW_MS || (row.state === 'pending' && age > STALE_CLAIM_MS)) {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', id.scope)
        .where('route', '=', id.route)
        .where('key', '=', id.key)
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

/** Keeps the first request's reply for the repeats. */
export async function finish(db: Db, id: KeyId, status: number, reply: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: status, reply })
    .where('scope', '=', id.scope)
    .where('route', '=', id.route)
    .where('key', '=', id.key)
    .where('state', '=', 'pending')
    .execute();
}

/** Forgets a claim whose request failed (5xx): a retry with the key runs again. */
export async function release(db: Db, id: KeyId): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', id.scope)
    .where('route', '=', id.route)
    .where('key', '=', id.key)
    .where('state', '=', 'pending')
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
