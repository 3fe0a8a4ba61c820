// A write and its idempotency key's reply in one transaction (issue 28 item 5). Before, the reply
// was kept after the write had committed: a crash in between left the key pending and the write
// done, and the retry ran the write again. Now the retry after any crash finds either both (and
// gets the reply the first request would have had) or neither (and runs the write).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/schema.js';
import { crashPointAfterCommit } from './crash-hook.js';
import { ClaimLost, finish, lockHeld } from './store.js';

/**
 * Runs `work` in a transaction that also keeps its reply for the request's key (when it has one),
 * and returns the reply. `work` must use only `trx` (SQLite has one connection: a query on the
 * outer handle would wait for this transaction forever) and set any status with `reply.code()`
 * before it returns. The reply is kept exactly as Fastify will send it (the route's serializer).
 */
export async function writeOnce<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const owned = request.idempotency;
  const result = await request.server.db.transaction().execute(async (trx) => {
    // First, so the claim is known to be ours and its row is locked until the commit.
    if (owned) await lockHeld(trx, owned.held);
    const payload = await work(trx);
    if (owned && !(await finish(trx, owned.held, reply.statusCode, String(reply.serialize(payload)))))
      throw new ClaimLost();
    return payload;
  });
  if (owned) owned.committed = true;
  crashPointAfterCommit(request.routeOptions.url ?? request.url);
  return result;
}
