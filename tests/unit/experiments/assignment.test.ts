// @vitest-environment node
// Assignment (src/server/experiments/assignment.ts): deterministic, sticky and uniform. Uniformity
// is checked with a chi-square over 100 000 keys, computed here by hand against the critical value
// (not with the code under test's own chi-square).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { armAt, bucketOf } from '../../../src/server/experiments/assignment';

const KEYS = Array.from({ length: 100_000 }, () => randomBytes(16).toString('base64url').slice(0, 22));

/** Pearson's chi-square of counts against expected counts. */
const chiSquare = (counts: number[], expected: number[]) =>
  counts.reduce((sum, c, i) => sum + (c - expected[i]!) ** 2 / expected[i]!, 0);

describe('assignment', () => {
  it('is the same for the same key and experiment, every time (nothing stored, any instance)', () => {
    for (const key of KEYS.slice(0, 1000)) expect(bucketOf(7, key)).toBe(bucketOf(7, key));
    // Pinned (sha-256 of "exp:1:AAAAAAAAAAAAAAAAAAAAAA", first 4 bytes / 2^32, worked out with
    // Python's hashlib): a change of the hash would re-assign every running experiment's borrowers.
    expect(bucketOf(1, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeCloseTo(0.10132129210978746, 15);
    expect(bucketOf(2, 'AAAAAAAAAAAAAAAAAAAAAA')).not.toBeCloseTo(0.10132129210978746, 6);
  });

  it('is uniform: 100k keys in 20 equal buckets pass a chi-square test (19 df, critical 43.82 at 0.001)', () => {
    const counts = new Array<number>(20).fill(0);
    for (const key of KEYS) counts[Math.floor(bucketOf(3, key) * 20)]!++;
    expect(chiSquare(counts, new Array(20).fill(KEYS.length / 20))).toBeLessThan(43.82);
  });

  it('splits by the weights: 50/50 and 20/30/50 over 100k keys (critical 10.83 for 1 df, 13.82 for 2)', () => {
    const split = (weights: number[], id: number) => {
      const arms = weights.map((weight, i) => ({ arm: String(i), weight }));
      const counts = new Array<number>(weights.length).fill(0);
      for (const key of KEYS) counts[Number(armAt(arms, bucketOf(id, key)).arm)]!++;
      return chiSquare(
        counts,
        weights.map((w) => (KEYS.length * w) / 10_000),
      );
    };
    expect(split([5000, 5000], 11)).toBeLessThan(10.83);
    expect(split([2000, 3000, 5000], 12)).toBeLessThan(13.82);
  });

  it('is independent between experiments: arms of one say nothing about arms of another', () => {
    const halves = [
      { arm: 'a', weight: 5000 },
      { arm: 'b', weight: 5000 },
    ];
    const table = [0, 0, 0, 0];
    for (const key of KEYS)
      table[
        (armAt(halves, bucketOf(21, key)).arm === 'a' ? 0 : 2) +
          (armAt(halves, bucketOf(22, key)).arm === 'a' ? 0 : 1)
      ]!++;
    expect(chiSquare(table, new Array(4).fill(KEYS.length / 4))).toBeLessThan(16.27);
  });

  it('a rollout that grows keeps everyone who had the new revision', () => {
    const at = (share: number) => [
      { arm: 'a', weight: 10_000 - share },
      { arm: 'b', weight: share },
    ];
    for (const key of KEYS.slice(0, 20_000)) {
      const bucket = bucketOf(5, key);
      if (armAt(at(1000), bucket).arm === 'b') expect(armAt(at(5000), bucket).arm).toBe('b');
    }
  });
});
