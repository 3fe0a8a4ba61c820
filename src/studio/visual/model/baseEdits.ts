// A panel edit of a block a variant does not write itself (issue 25, task 2: the primary button of
// loan confirm lives in parts/loan-confirm). The block's fields are shown as the phone draws them
// (the expanded screen); a change goes where the variant can say it:
// - a field this text already gives (a part's parameter, `with.goLabel`; an earlier change's
//   `set`) is changed where it is written;
// - any other field becomes this screen's change of that block: `changes: [{ "block": id,
//   "set": { field: value } }]`, added to the block's `set` when there is one. Removing a field
//   sets it to null ("leaves the field out").
// The base stays as it is, and the review diff shows the variant's new lines only. Pure.
import { parse } from 'jsonc-parser';
import type { Origin } from '../../../parts/origins';
import { pathOf, valueAtPath } from './paths';
import { minimalEdit } from './minimalEdit';
import { insertItem, parseText, type Path, type TextEdit } from './textEdits';
import { joinPointer } from '../../../../renderer/validate/pointer';
import { isObject } from './isObject';

export interface BaseBlock {
  /** The block's id in the base, for `changes`. */
  id: string;
  /** Where it is in the expanded screen, and that screen with its source map. */
  expandedPath: Path;
  expanded: unknown;
  origin(pointer: string): Origin;
  /** Whether an origin is in this text. */
  mine(origin: Origin): boolean;
}

/** `value` with `path` set to `v` (undefined removes it), copied on the way. */
function setIn(value: unknown, path: Path, v: unknown): unknown {
  if (path.length === 0) return v;
  const [key, ...rest] = path;
  const copy = (
    Array.isArray(value) ? [...(value as unknown[])] : isObject(value) ? { ...value } : {}
  ) as Record<string | number, unknown>;
  const next = setIn(copy[key!], rest, v);
  if (next === undefined && !Array.isArray(copy)) delete copy[key!];
  else copy[key!] = next;
  return copy;
}

/** The edit of `text` (the variant) that sets `path` (inside the base block) to `v`. */
export function baseFieldEdit(text: string, block: BaseBlock, path: Path, v: unknown): TextEdit | null {
  if (path.length === 0) return null;
  // The studio's texts may hold comments (jsonc-parser reads them, as minimalEdit does).
  const value: unknown = parse(text);
  const at = block.origin(joinPointer([...block.expandedPath, ...path]));
  if (block.mine(at)) return minimalEdit(text, pathOf(at.pointer, value), v);
  const field = String(path[0]);
  const current = valueAtPath(block.expanded, [...block.expandedPath, field]);
  const next = path.length === 1 ? v : setIn(current, path.slice(1), v);
  const written = next === undefined ? null : next;
  const changes = isObject(value) && Array.isArray(value.changes) ? value.changes : null;
  const own = changes?.findIndex((c) => isObject(c) && c.block === block.id && isObject(c.set)) ?? -1;
  if (own >= 0) return minimalEdit(text, ['changes', own, 'set', field], written);
  return insertItem(parseText(text), ['changes'], changes?.length ?? 0, {
    block: block.id,
    set: { [field]: written },
  });
}
