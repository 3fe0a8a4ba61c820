// The checker's findings as the server reports them (on the draft's latest revision, now).
import type { ServerProblem } from './types';

export function ServerProblems({ problems }: { problems: readonly ServerProblem[] }) {
  if (problems.length === 0) return <p className="studio-empty">The checker finds no problems.</p>;
  return (
    <ul className="studio-problems" aria-label="Checker findings">
      {problems.map((p, i) => (
        <li key={i} className={`studio-problem studio-${p.severity}`}>
          <span className="studio-problem-at">
            Line {p.line}:{p.column}
          </span>{' '}
          <span className="studio-problem-kind">{p.severity === 'error' ? 'Error' : 'Warning'}</span>{' '}
          {p.message}
        </li>
      ))}
    </ul>
  );
}
