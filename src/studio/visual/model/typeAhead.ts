// Type-ahead in the outline (issue 25 item 4, the keyboard's way to a block): the letters typed
// while the tree has the focus pick the next row whose label (or type and label) starts with
// them, as the WAI-ARIA tree pattern has it. A long screen is then a few letters away, not
// dozens of arrow presses. Pure.

export interface TypeAheadRow {
  key: string;
  label: string;
  type?: string | undefined;
}

const starts = (row: TypeAheadRow, typed: string) => {
  const label = row.label.toLowerCase();
  return label.startsWith(typed) || `${row.type ?? ''} ${label}`.trim().startsWith(typed);
};

/**
 * The row `typed` picks: the first match after the current row (`from`, -1 for none), wrapping
 * around; with more than one letter typed the current row is tried first, so typing on through a
 * word keeps the row it found.
 */
export function typeAhead(rows: readonly TypeAheadRow[], from: number, typed: string): string | null {
  const q = typed.toLowerCase();
  if (!q.trim()) return null;
  const start = q.length > 1 ? Math.max(0, from) : from + 1;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[(start + i) % rows.length]!;
    if (starts(row, q)) return row.key;
  }
  return null;
}
