// The answer to a request that met a database fault (issue 30): HTTP 503 at once, with a
// Retry-After, in the caller's envelope, saying what to do. Nothing was changed by the request
// unless its commit was cut off, and then its idempotency key answers the retry (docs/api.md).
import type { FastifyReply } from 'fastify';
import { dbFaultOf } from '../db/faults.js';

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_S = 5;

/** What a borrower reads; each family's own wording is in lib/envelope.ts (UNAVAILABLE_MESSAGE). */
export const BUSY_EN = 'The service is busy right now. Please try again in a moment.';
/** The legacy repayment and promotion pages speak Chinese (spec §8): "system busy, try again later". */
export const BUSY_ZH = '系统繁忙，请稍后再试';

/** The studio's sentence: staff need to know their change did not happen and that it comes back by itself. */
export const STUDIO_UNAVAILABLE =
  'The database is unavailable, so nothing was saved or changed. Try again in a moment: the studio reconnects by itself.';

/** Whether `error` is a database fault; sends the 503 when it is. */
export function answeredUnavailable(
  error: unknown,
  reply: FastifyReply,
  body: (message: string) => unknown,
  message = BUSY_EN,
): boolean {
  if (!dbFaultOf(error)) return false;
  // The fault itself is logged once, when it begins (db/health.ts); the request line has the 503.
  void reply.code(503).header('Retry-After', String(RETRY_AFTER_S)).send(body(message));
  return true;
}
