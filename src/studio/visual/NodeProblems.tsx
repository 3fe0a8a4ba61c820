// The checker's problems about the selected block (or popup, action, the screen itself) as a
// whole, above its fields: a problem the checker places on the block rather than on one of its
// fields ("the screen has no 'body'", a part whose kind is wrong) would otherwise show on none of
// them. The fields show theirs (PropertyPanel's problemsIn).
import type { Problem } from '../../../renderer/validate/problem';

/** The problems about the value at `pointer` itself, not about one of its fields. */
export const problemsOn = (problems: readonly Problem[], pointer: string) =>
  problems.filter((p) => p.pointer === pointer);

export function NodeProblems({ problems, pointer }: { problems: readonly Problem[]; pointer: string }) {
  return problemsOn(problems, pointer).map((p, i) => (
    <p key={i} className={`studio-prop-problem studio-prop-${p.severity}`} role="note">
      {p.message}
    </p>
  ));
}
