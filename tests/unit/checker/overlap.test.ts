// @vitest-environment node
// Issue 18: near-copies fail the project's own checks. The measure is the team's screen-overlap
// tool's (Python difflib's matching blocks over significant lines), reproduced without it: the
// expected figures below were computed with difflib.SequenceMatcher(None, a, b, autojunk=False).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScreens, folderLibrary } from '../../../src/checker/checkScreens';
import { checkSet } from '../../../src/checker/checkSet';
import { matchingBlocks, OVERLAP_LIMIT, sharedLines, significantLines } from '../../../src/checker/overlap';

/** The same pseudo-random lines as the Python run that gave the expected figures. */
function lines(seed: number, n: number, alphabet: number): string[] {
  const out: string[] = [];
  let s = BigInt(seed);
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245n + 12345n) % 2147483648n;
    out.push(`l${s % BigInt(alphabet)}`);
  }
  return out;
}

describe('shared lines, as difflib counts them', () => {
  it.each([
    [
      1,
      200,
      180,
      5,
      [
        [0, 6, 1],
        [1, 36, 3],
        [4, 48, 2],
        [6, 58, 4],
        [10, 66, 4],
      ],
      72,
      48,
      29,
    ],
    [
      7,
      300,
      320,
      3,
      [
        [0, 3, 3],
        [3, 13, 2],
        [5, 23, 8],
        [13, 124, 4],
        [17, 130, 2],
      ],
      54,
      48,
      12,
    ],
    [
      42,
      120,
      150,
      12,
      [
        [3, 2, 2],
        [13, 4, 1],
        [66, 5, 5],
        [75, 10, 1],
        [81, 12, 1],
      ],
      36,
      23,
      14,
    ],
  ])('seed %i: the same blocks and sums', (seed, n1, n2, alphabet, first, all, runsOf3, count) => {
    const a = lines(seed, n1, alphabet);
    const b = lines(seed + 1, n2, alphabet);
    const blocks = matchingBlocks(a, b);
    expect(blocks.slice(0, 5)).toEqual(first);
    expect(blocks).toHaveLength(count);
    expect(sharedLines(a, b, 1)).toBe(all);
    expect(sharedLines(a, b, 3)).toBe(runsOf3);
  });

  it('leaves out indentation and lines of brackets and commas; values that differ share nothing', () => {
    expect(significantLines('{\n  "a": 1,\n    "b": [\n  ],\n\n}\n')).toEqual(['"a": 1,', '"b": [']);
    const a = Array.from({ length: 8 }, (_, i) => `"field${i}": 1,`);
    const b = a.map((l) => l.replace('1', '2'));
    expect(sharedLines(a, b)).toBe(0);
    // Runs shorter than 6 do not count.
    expect(sharedLines(a, [...a.slice(0, 5), 'x', ...a.slice(5)])).toBe(0);
    expect(sharedLines(a, [...a, 'x'])).toBe(8);
  });
});

describe('near-copies fail screens:check', () => {
  it('this project’s screens: no two documents share more than the limit', () => {
    const library = folderLibrary('screens');
    expect(checkSet({ library, manifest: null }).filter((p) => p.keyword === 'near-copy')).toEqual([]);
  });

  it('a new near-copy is an error on both documents, each naming the other', () => {
    const dir = mkdtempSync(join(tmpdir(), 'overlap-'));
    const body = Array.from({ length: OVERLAP_LIMIT + 5 }, (_, i) => ({
      type: 'text',
      id: `t${i}`,
      text: `Line ${i}`,
    }));
    const doc = (id: string) => JSON.stringify({ schemaVersion: 1, id, title: id, body }, null, 2);
    writeFileSync(join(dir, 'first.json'), doc('first'));
    writeFileSync(join(dir, 'second.json'), doc('second'));
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({
        schemaVersion: 1,
        routes: [
          { path: '/a', screen: 'first' },
          { path: '/b', screen: 'second' },
        ],
      }),
    );
    const near = checkScreens(dir, (p) => p.slice(dir.length + 1)).problems.filter(
      (f) => f.keyword === 'near-copy',
    );
    expect(near).toEqual([
      expect.objectContaining({
        file: 'first.json',
        severity: 'error',
        message: expect.stringMatching(
          /^shares \d+ lines with second\.json .*at most 30 allowed.*variant.*part/,
        ),
      }),
      expect.objectContaining({
        file: 'second.json',
        severity: 'error',
        message: expect.stringMatching(
          new RegExp(
            `^shares \\d+ lines with first\\.json .*at most ${OVERLAP_LIMIT} allowed.*variant.*part`,
          ),
        ),
      }),
    ]);
  });
});
