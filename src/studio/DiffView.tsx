// Before/after of a document, line by line.
import type { DiffRow } from './diff';

const MARK: Record<DiffRow['kind'], string> = { add: '+', del: '−', same: ' ', fold: '⋯' };

export function DiffView({ rows, label }: { rows: readonly DiffRow[]; label: string }) {
  return (
    <div className="studio-diff" role="table" aria-label={label}>
      {rows.map((r, i) => (
        <div key={i} role="row" className={`studio-diff-row studio-diff-${r.kind}`}>
          <span role="cell" className="studio-diff-num">
            {r.before ?? ''}
          </span>
          <span role="cell" className="studio-diff-num">
            {r.after ?? ''}
          </span>
          <span role="cell" className="studio-diff-text">
            {MARK[r.kind]} {r.text}
          </span>
        </div>
      ))}
    </div>
  );
}
