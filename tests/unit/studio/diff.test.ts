// The save dialog's diff: changed lines with their numbers, long unchanged runs folded.
import { describe, expect, it } from 'vitest';
import { changedLines, lineDiff } from '../../../src/studio/diff';

describe('lineDiff', () => {
  it('shows a changed line as removed and added, with context and folds', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before.replace('line 10\n', 'line ten\n');
    const rows = lineDiff(before, after, 2);
    expect(rows.map((r) => `${r.kind}:${r.text}`)).toEqual([
      'fold:7 unchanged lines',
      'same:line 8',
      'same:line 9',
      'del:line 10',
      'add:line ten',
      'same:line 11',
      'same:line 12',
      'fold:8 unchanged lines',
    ]);
    expect(rows.find((r) => r.kind === 'del')?.before).toBe(10);
    expect(rows.find((r) => r.kind === 'add')?.after).toBe(10);
    expect(changedLines(rows)).toBe(2);
  });

  it('reports nothing changed for equal texts', () => {
    expect(changedLines(lineDiff('a\nb\n', 'a\nb\n'))).toBe(0);
  });
});
