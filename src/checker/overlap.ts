// Near-copies between documents (issue 18): the lines two documents share in runs of at least
// MIN_RUN, compared without indentation and leaving out lines made only of brackets and commas.
// The lines are compared as they are, so two documents that differ only in values share nothing.
// Shared lines are counted as Python's difflib.SequenceMatcher (autojunk off) counts them in its
// matching blocks: the same measure as the team's screen-overlap tool, so a near-copy that the
// tool would flag fails `screens:check` (and CI) here too.

export const MIN_RUN = 6;
/** More shared lines than this between two documents is a near-copy. */
export const OVERLAP_LIMIT = 30;

const THIN = /^[[\]{},]*$/;

export function significantLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !THIN.test(l));
}

type Match = [number, number, number];

/** The longest common run of a[alo:ahi] and b[blo:bhi], the earliest one first (difflib's tie rule). */
function longest(
  a: readonly string[],
  b2j: ReadonlyMap<string, number[]>,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): Match {
  let best: Match = [alo, blo, 0];
  let j2len = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    for (const j of b2j.get(a[i]!) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j2len.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > best[2]) best = [i - k + 1, j - k + 1, k];
    }
    j2len = next;
  }
  return best;
}

/** difflib's get_matching_blocks: non-overlapping common runs, adjacent ones joined. */
export function matchingBlocks(a: readonly string[], b: readonly string[]): Match[] {
  const b2j = new Map<string, number[]>();
  b.forEach((line, j) => {
    const list = b2j.get(line);
    if (list) list.push(j);
    else b2j.set(line, [j]);
  });
  const found: Match[] = [];
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const [i, j, k] = longest(a, b2j, alo, ahi, blo, bhi);
    if (k === 0) continue;
    found.push([i, j, k]);
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
  }
  found.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  const joined: Match[] = [];
  let [i1, j1, k1] = [0, 0, 0];
  for (const [i2, j2, k2] of found) {
    if (i1 + k1 === i2 && j1 + k1 === j2) k1 += k2;
    else {
      if (k1) joined.push([i1, j1, k1]);
      [i1, j1, k1] = [i2, j2, k2];
    }
  }
  if (k1) joined.push([i1, j1, k1]);
  return joined;
}

export function sharedLines(a: readonly string[], b: readonly string[], minRun = MIN_RUN): number {
  return matchingBlocks(a, b).reduce((sum, [, , k]) => (k >= minRun ? sum + k : sum), 0);
}

export interface Overlap {
  a: string;
  b: string;
  shared: number;
}

/** Every pair of documents that shares lines, most shared first. */
export function overlaps(docs: readonly { name: string; text: string }[]): Overlap[] {
  const lines = docs.map((d) => ({ name: d.name, lines: significantLines(d.text) }));
  const out: Overlap[] = [];
  for (let x = 0; x < lines.length; x++)
    for (let y = x + 1; y < lines.length; y++) {
      const a = lines[x]!;
      const b = lines[y]!;
      const shared = sharedLines(a.lines, b.lines);
      if (shared > 0) out.push({ a: a.name, b: b.name, shared });
    }
  return out.sort((p, q) => q.shared - p.shared || q.a.localeCompare(p.a) || q.b.localeCompare(p.b));
}
