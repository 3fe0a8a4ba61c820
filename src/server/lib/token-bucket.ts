/**
 * Token buckets per key (a client address, a borrower key), kept in this process: a key may spend
 * `capacity` at once and earns `perSecond` back. Unlike rate-limit.ts's sliding window (a list of
 * times per key, fine for a few SMS a window), a bucket is two numbers and O(1) per request, so it
 * can sit in front of an endpoint that takes thousands of requests a second.
 *
 * `waitMs` is checked before the work is known (before a request's body is read) and `charge`
 * after: a key may go below zero by one request's cost, and then waits for the refill.
 */
export interface TokenBuckets {
  /** Spends `cost` (possibly below zero). */
  charge(key: string, cost: number, now?: number): void;
  /** Milliseconds until `key` has something to spend again (0 when it has now). */
  waitMs(key: string, now?: number): number;
}

export interface BucketOptions {
  capacity: number;
  perSecond: number;
  /** Keys kept at most; the least recently used go first (they come back full, at worst). */
  maxKeys?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createTokenBuckets({ capacity, perSecond, maxKeys = 100_000 }: BucketOptions): TokenBuckets {
  const buckets = new Map<string, Bucket>();

  function current(key: string, now: number): Bucket | undefined {
    const bucket = buckets.get(key);
    if (!bucket) return undefined;
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) * perSecond) / 1000);
    bucket.at = now;
    return bucket;
  }

  return {
    charge(key, cost, now = Date.now()) {
      const bucket = current(key, now) ?? { tokens: capacity, at: now };
      bucket.tokens -= cost;
      // Re-inserted: the Map's order is then the order of last use.
      buckets.delete(key);
      buckets.set(key, bucket);
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value!);
    },
    waitMs(key, now = Date.now()) {
      const bucket = current(key, now);
      return !bucket || bucket.tokens > 0 ? 0 : Math.floor((-bucket.tokens * 1000) / perSecond) + 1;
    },
  };
}
