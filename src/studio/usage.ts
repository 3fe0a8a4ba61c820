// Who draws on what: for each part and each screen, the screens expanded from it (screens using
// the part, at any depth; variants of the screen). The studio shows it beside a part, and as the
// screens a change affects when it is saved or reviewed.
import { refKey, type Library } from '../parts/library';
import { resolveScreen } from '../parts/resolve';

export interface Usage {
  /** "part:product-card" or "screen:repay-installment" -> screen ids, sorted. */
  usedBy: ReadonlyMap<string, string[]>;
  parts: string[];
}

export function usageOf(library: Library): Usage {
  const usedBy = new Map<string, string[]>();
  for (const id of library.names('screen')) {
    const value = library.get('screen', id)?.value;
    if (value === undefined) continue;
    for (const d of resolveScreen(value, id, library).dependsOn) {
      const key = refKey(d);
      usedBy.set(key, [...(usedBy.get(key) ?? []), id]);
    }
  }
  return { usedBy, parts: library.names('part') };
}
