import type { FastifyReply, FastifyRequest } from 'fastify';
import { createTokenBuckets } from '../lib/token-bucket.js';
import type { BorrowerKeys } from './borrower-key.js';

/**
 * How many events one sender may write (issue 28 item 1), counted in events, not requests. The
 * host sends a batch of at most 20 every 2 s while a page is busy, and up to 200 on page hide.
 * - Per borrower key: 400 at once, 4 a second after that (a busy page sends about 1).
 * - Per address (an IPv4 address, an IPv6 /64): 2,000 at once, 200 a second. Philippine carriers
 *   put many borrowers behind one NAT address; 200 a second is some 200 busy borrowers on one
 *   address at the same moment, far above what a carrier's address carries for one lender.
 * What is over is answered 429 (with Retry-After) before its body is read, so a flood costs a
 * few microseconds a request and the borrower endpoints keep their pace.
 */
export const EVENT_LIMITS = {
  perKey: { capacity: 400, perSecond: 4 },
  perAddress: { capacity: 2_000, perSecond: 200 },
} as const;

export interface EventThrottle {
  /** onRequest: refuses (429) a sender that has spent its allowance. */
  check(request: FastifyRequest, reply: FastifyReply): void;
  /** After the batch is read: its events are spent by its key and its address. */
  charge(request: FastifyRequest, key: string, events: number): void;
}

export function createEventThrottle(keys: BorrowerKeys): EventThrottle {
  const perKey = createTokenBuckets(EVENT_LIMITS.perKey);
  const perAddress = createTokenBuckets(EVENT_LIMITS.perAddress);

  return {
    check(request, reply) {
      const now = Date.now();
      const address = keys.addressOf(request);
      const key = keys.knownKeyOf(request);
      const wait = Math.max(perAddress.waitMs(address, now), key === null ? 0 : perKey.waitMs(key, now));
      if (wait === 0) return;
      const seconds = Math.ceil(wait / 1000);
      void reply.header('Retry-After', String(seconds));
      throw Object.assign(
        new Error(`Too many events from this device or address: try again in ${seconds} s`),
        {
          statusCode: 429,
        },
      );
    },
    charge(request, key, events) {
      const now = Date.now();
      perAddress.charge(keys.addressOf(request), events, now);
      perKey.charge(key, events, now);
    },
  };
}
