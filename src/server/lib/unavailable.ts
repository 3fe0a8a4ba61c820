// The answer to a request that met a database fault (issue 30): HTTP 503 at once, with a
// Retry-After, in the caller's envelope, saying what to do. Nothing was changed by the request
// unless its commit was cut off, and then its idempotency key answers the retry (docs/api.md).
import type { FastifyReply } from 'fastify';
import { dbFaultOf } from '../db/faults.js';
import { fail, type Family } from './envelope.js';

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_S = 5;

const EN = 'The service is busy right now. Please try again in a moment.';
/** The legacy repayment and promotion pages speak Chinese (spec §8): "system busy, try again later". */
const ZH = '系统繁忙，请稍后再试';

export const UNAVAILABLE_MESSAGE: Record<Family, string> = {
  nepenthes: EN,
  complaint: EN,
  v3: EN,
  variant: EN,
  legacy: ZH,
  promo: ZH,
};

/** The studio's sentence: staff need to know their change did not happen and that it comes back by itself. */
export const STUDIO_UNAVAILABLE =
  'The database is unavailable, so nothing was saved or changed. Try again in a moment: the studio reconnects by itself.';

/** Whether `error` is a database fault; sends the 503 when it is. */
export function answeredUnavailable(
  error: unknown,
  reply: FastifyReply,
  body: (message: string) => unknown,
  message = EN,
): boolean {
  if (!dbFaultOf(error)) return false;
  // The fault itself is logged once, when it begins (db/health.ts); the request line has the 503.
  void reply.code(503).header('Retry-After', String(RETRY_AFTER_S)).send(body(message));
  return true;
}

export const familyUnavailable = (family: Family) => (message: string) => fail(family, '503', message);
