// @vitest-environment node
// The pieces of the event throttle (issue 28 item 1): token buckets per key (O(1), bounded memory)
// and the address prefix that stands for one subscriber (an IPv4 address, an IPv6 /64).
import { describe, expect, it } from 'vitest';
import { addressPrefix, createAddressTags } from '../../src/server/events/address.js';
import { createTokenBuckets } from '../../src/server/lib/token-bucket.js';

describe('token buckets', () => {
  it('a key spends its capacity at once, may overdraw by one request, then waits for the refill', () => {
    const buckets = createTokenBuckets({ capacity: 100, perSecond: 10 });
    expect(buckets.waitMs('a', 0)).toBe(0);
    buckets.charge('a', 60, 0);
    expect(buckets.waitMs('a', 0)).toBe(0);
    buckets.charge('a', 60, 0); // -20: overdrawn by the last request's cost
    expect(buckets.waitMs('a', 0)).toBe(2001);
    expect(buckets.waitMs('a', 1999)).toBeGreaterThan(0);
    expect(buckets.waitMs('a', 2001)).toBe(0);
    // Another key is untouched; the refill stops at the capacity.
    expect(buckets.waitMs('b', 0)).toBe(0);
    buckets.charge('a', 100, 3_600_000);
    expect(buckets.waitMs('a', 3_600_000)).toBe(1);
  });

  it('keeps at most maxKeys keys: the least recently used goes first, and comes back full', () => {
    const buckets = createTokenBuckets({ capacity: 10, perSecond: 1, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) buckets.charge(key, 20, 0);
    buckets.charge('a', 0, 0); // used again: 'b' is now the oldest
    buckets.charge('d', 1, 0);
    expect(buckets.waitMs('b', 0)).toBe(0);
    expect(buckets.waitMs('a', 0)).toBeGreaterThan(0);
    expect(buckets.waitMs('c', 0)).toBeGreaterThan(0);
  });
});

describe('the address of one subscriber', () => {
  it('is an IPv4 address as it is, and an IPv6 address’s /64 however it is written', () => {
    expect(addressPrefix('203.0.113.9')).toBe('203.0.113.9');
    expect(addressPrefix('::ffff:203.0.113.9')).toBe('203.0.113.9');
    for (const six of [
      '2001:db8:7:1::5',
      '2001:0db8:0007:0001:aaaa:bbbb:cccc:dddd',
      '2001:db8:7:1:0:0:0:1%eth0',
    ])
      expect(addressPrefix(six)).toBe('2001:db8:7:1::/64');
    expect(addressPrefix('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressPrefix('::1')).toBe('0:0:0:0::/64');
    expect(addressPrefix('not an address')).toBe('not an address');
  });

  it('is stored as a keyed tag: the same for one subscriber, never the address', () => {
    const tag = createAddressTags('a-secret-of-the-events'.padEnd(32, 'x'));
    expect(tag('2001:db8:7:1::5')).toBe(tag('2001:db8:7:1::9'));
    expect(tag('2001:db8:7:1::5')).not.toBe(tag('2001:db8:7:2::5'));
    expect(tag('203.0.113.9')).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(tag('203.0.113.9')).not.toContain('203');
    expect(createAddressTags('another secret'.padEnd(32, 'y'))('203.0.113.9')).not.toBe(tag('203.0.113.9'));
  });
});
