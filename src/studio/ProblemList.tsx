// The checker's problems in file order; a click puts the cursor on the problem.
import type { Problem } from '../checker/checkText';

export function ProblemList({
  problems,
  onReveal,
}: {
  problems: readonly Problem[];
  onReveal(offset: number): void;
}) {
  if (problems.length === 0) return <p className="studio-empty">No problems: this screen can be saved.</p>;
  return (
    <ul className="studio-problems" aria-label="Problems">
      {problems.map((p, i) => (
        <li key={i} className={`studio-problem studio-${p.severity}`}>
          <button type="button" onClick={() => onReveal(p.from)}>
            <span className="studio-problem-at">
              Line {p.line}:{p.column}
            </span>{' '}
            <span className="studio-problem-kind">{p.severity === 'error' ? 'Error' : 'Warning'}</span>{' '}
            {p.message}
          </button>
        </li>
      ))}
    </ul>
  );
}
