// The checker's problems in file order: the editor's (a click puts the cursor on the problem), or
// the server's on a draft or a conflict (`onReveal` left out: there is no editor to move). The
// checker's warning that no route or template shows the screen carries its fix: a link to Routes &
// templates with the screen chosen.
import type { Problem } from '../../renderer/validate/problem';
import { hashOf } from './route';

export function ProblemList({
  problems,
  onReveal,
  empty = 'No problems: this screen can be saved.',
  label = 'Problems',
  screen,
}: {
  problems: readonly Problem[];
  onReveal?(offset: number): void;
  empty?: string;
  label?: string;
  /** The screen they are about, when its editor may map it (the unused warning's link). */
  screen?: string;
}) {
  if (problems.length === 0) return <p className="studio-empty">{empty}</p>;
  return (
    <ul className="studio-problems" aria-label={label}>
      {problems.map((p, i) => {
        const said = (
          <>
            <span className="studio-problem-at">
              Line {p.line}:{p.column}
            </span>{' '}
            <span className="studio-problem-kind">{p.severity === 'error' ? 'Error' : 'Warning'}</span>{' '}
            {p.message}
          </>
        );
        return (
          <li key={i} className={`studio-problem studio-${p.severity}`}>
            {onReveal ? (
              <button type="button" onClick={() => onReveal(p.from ?? 0)}>
                {said}
              </button>
            ) : (
              said
            )}
            {screen && p.keyword === 'unused' && (
              <a className="studio-problem-fix" href={hashOf({ name: 'manifest', screen })}>
                Map a route or template id to {screen}…
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
