// A problem found while expanding parts and variants: where it is written (through the source
// map, so it may be inside a part, reached through a use) and, for the problems the part's own
// author must also see, what to say at the definition.
import type { Origin } from './origins';

export interface Issue {
  at: Origin;
  message: string;
  /** A checker rule name: part-ref, part-cycle, part-parameter, variant-base, ... */
  keyword: string;
  severity?: 'warning';
  /** The same problem as said at the declaration in the part (or base screen). */
  definition?: { at: Origin; message: string };
}
