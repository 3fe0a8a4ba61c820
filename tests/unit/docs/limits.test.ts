// @vitest-environment node
// The limits docs/screen-language.md tells ops (issue 27 item 6) are the ones the checker enforces:
// the chapter is generated from the constants (src/schema-gen/docsParts.ts), and this reads the
// committed page, so a limit changed in code and not regenerated, or written into the text by
// hand again, fails here. The constants' behaviour is tested where they are enforced
// (tests/unit/parts/problems.test.ts, tests/unit/checker/overlap.test.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIN_RUN, OVERLAP_LIMIT } from '../../../src/checker/overlap';
import { MAX_DEPTH, MAX_USES } from '../../../src/parts/limits';

const page = readFileSync('docs/screen-language.md', 'utf8').replace(/\s+/g, ' ');

function stated(pattern: RegExp): number[] {
  const match = pattern.exec(page);
  expect(match, `docs/screen-language.md no longer says ${pattern}`).not.toBeNull();
  return match!.slice(1).map(Number);
}

describe('the parts chapter states the limits the checker enforces', () => {
  it('how deep parts nest and how often one screen uses them', () => {
    expect(stated(/parts nested more than (\d+) deep or used more than (\d+) times in one screen/)).toEqual([
      MAX_DEPTH,
      MAX_USES,
    ]);
  });

  it('how many lines two documents may share', () => {
    expect(stated(/Two documents that share more than (\d+) lines \(in runs of (\d+) or more\)/)).toEqual([
      OVERLAP_LIMIT,
      MIN_RUN,
    ]);
  });
});
