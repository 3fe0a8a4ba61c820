// Addresses in the document: the studio selects and edits by JSON pointer (as the checker reports
// problems), the text edits walk the parse tree by path (numbers for list items).
import { joinPointer, splitPointer } from '../../../../renderer/validate/pointer';
import type { Path } from './textEdits';

/** The path of a pointer in `value` (a list's index as a number). */
export function pathOf(pointer: string, value: unknown): (string | number)[] {
  const out: (string | number)[] = [];
  let at = value;
  for (const segment of splitPointer(pointer)) {
    const key = Array.isArray(at) && /^\d+$/.test(segment) ? Number(segment) : segment;
    out.push(key);
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  }
  return out;
}

export const pointerOf = (path: Path): string => joinPointer(path);

/** The value at `path`, or undefined. Only own properties are followed. */
export function valueAtPath(value: unknown, path: Path): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, key))
      return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** Whether `inner` is `outer` or inside it. */
export const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}/`);

/** The list a list item is in and its index; null for anything else. */
export function itemOf(path: Path): { list: Path; index: number } | null {
  const index = path[path.length - 1];
  return typeof index === 'number' ? { list: path.slice(0, -1), index } : null;
}
