/**
 * A sliding-window counter per key (a client address, a captcha session), kept in this process.
 * `take` is synchronous, so two requests racing between awaits cannot both slip under the limit;
 * `giveBack` returns a taken slot when the thing it paid for did not happen after all.
 */
export interface RateLimiter {
  /** True and counted when `key` is under the limit; false (and not counted) when it is not. */
  take(key: string, now?: number): boolean;
  giveBack(key: string): void;
}

/** Keys beyond this many are swept of expired entries, so a flood of addresses cannot grow memory. */
const SWEEP_AT = 10_000;

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const hits = new Map<string, number[]>();
  let sinceSweep = 0;

  const fresh = (key: string, now: number): number[] => {
    const list = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  };

  return {
    take(key, now = Date.now()) {
      // Swept now and then, not on every take: a sweep walks every key.
      if (hits.size > SWEEP_AT && ++sinceSweep >= 1000) {
        sinceSweep = 0;
        for (const k of [...hits.keys()]) fresh(k, now);
      }
      const list = fresh(key, now);
      if (list.length >= limit) return false;
      hits.set(key, [...list, now]);
      return true;
    },
    giveBack(key) {
      const list = hits.get(key);
      if (!list) return;
      list.pop();
      if (list.length === 0) hits.delete(key);
    },
  };
}
