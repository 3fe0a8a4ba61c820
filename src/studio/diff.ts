// A line diff for the save dialog, with long unchanged runs folded to a few lines of context.
// The `diff` package (jsdiff) does the Myers diff; this only shapes its output into rows.
import { diffLines } from 'diff';

export interface DiffRow {
  kind: 'add' | 'del' | 'same' | 'fold';
  text: string;
  /** Line number before / after (absent for added / removed lines and folds). */
  before?: number;
  after?: number;
}

export function lineDiff(before: string, after: string, context = 3): DiffRow[] {
  const rows: DiffRow[] = [];
  let a = 1;
  let b = 1;
  for (const part of diffLines(before, after)) {
    const lines = part.value.replace(/\n$/, '').split('\n');
    for (const text of lines) {
      if (part.added) rows.push({ kind: 'add', text, after: b++ });
      else if (part.removed) rows.push({ kind: 'del', text, before: a++ });
      else rows.push({ kind: 'same', text, before: a++, after: b++ });
    }
  }
  const near = rows.map(() => false);
  rows.forEach((r, i) => {
    if (r.kind === 'same') return;
    for (let j = Math.max(0, i - context); j <= Math.min(rows.length - 1, i + context); j++) near[j] = true;
  });
  const out: DiffRow[] = [];
  for (let i = 0; i < rows.length;) {
    if (near[i]) {
      out.push(rows[i]!);
      i++;
      continue;
    }
    let j = i;
    while (j < rows.length && !near[j]) j++;
    out.push({ kind: 'fold', text: `${j - i} unchanged line${j - i === 1 ? '' : 's'}` });
    i = j;
  }
  return out;
}

export const changedLines = (rows: readonly DiffRow[]) =>
  rows.filter((r) => r.kind === 'add' || r.kind === 'del').length;
