// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/server/lib/rate-limit.js';
import { deeperThan } from '../../src/server/lib/reject-deep.js';

describe('rate limiter (SMS flood guard)', () => {
  it('allows `limit` takes per key in the window, then refuses until the oldest expires', () => {
    const limiter = createRateLimiter(2, 1000);
    expect([limiter.take('a', 0), limiter.take('a', 100), limiter.take('a', 200)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(limiter.take('b', 200)).toBe(true);
    expect(limiter.take('a', 999)).toBe(false);
    expect(limiter.take('a', 1000)).toBe(true);
  });

  it('a slot given back can be taken again', () => {
    const limiter = createRateLimiter(1, 1000);
    expect(limiter.take('a', 0)).toBe(true);
    limiter.giveBack('a');
    expect(limiter.take('a', 1)).toBe(true);
    expect(limiter.take('a', 2)).toBe(false);
  });

  it('keeps working through a flood of distinct keys', () => {
    const limiter = createRateLimiter(1, 10);
    for (let i = 0; i < 25_000; i++) expect(limiter.take(`ip-${i}`, i)).toBe(true);
    expect(limiter.take('ip-24999', 25_000)).toBe(false);
    // Old keys were swept on the way: an early address is free again.
    expect(limiter.take('ip-0', 25_000)).toBe(true);
  });
});

describe('body depth check', () => {
  it('measures without recursion, whatever the depth', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(deeperThan(deep, 32)).toBe(true);
    expect(deeperThan({ a: { b: [1, { c: 2 }] } }, 32)).toBe(false);
    expect(deeperThan('text', 0)).toBe(false);
  });
});
