// A problem found while expanding parts and variants, said where it is written (through the
// source map, so it may be inside a part, reached through a use) and, for the problems the part's
// own author must also see, what to say at the definition. The type is the one Problem
// (renderer/validate/problem.ts); this is how expansion makes one.
import type { Origin, Problem } from '../../renderer/validate/problem';

export function problemAt(
  origin: Origin,
  keyword: string,
  message: string,
  more: Partial<Pick<Problem, 'severity' | 'definition'>> = {},
): Problem {
  return {
    pointer: origin.pointer,
    message,
    keyword,
    severity: more.severity ?? 'error',
    origin,
    ...(more.definition ? { definition: more.definition } : {}),
  };
}
