// Changes to the structure of the document (issue 25 item 4): add, delete, duplicate, wrap in a
// section, move. A block that moves or is copied keeps its own text (re-indented where it lands),
// so its formatting survives and the review diff shows the move; the result is one text edit.
import { itemOf, valueAtPath } from './paths';
import {
  applyEdit,
  editBetween,
  insertItem,
  insertRaw,
  parseText,
  removeAt,
  setValue,
  sliceAt,
  type Path,
  type TextEdit,
} from './textEdits';

export interface Placement {
  /** The list the block goes into, and where in it. */
  list: Path;
  index: number;
}

/** Where `path` ends up once the item `removed` is taken out of its list. */
export function afterRemoval(path: Path, removed: Path): Path {
  const at = itemOf(removed);
  if (!at || path.length <= at.list.length) return path;
  for (let i = 0; i < at.list.length; i++) if (path[i] !== at.list[i]) return path;
  const index = path[at.list.length];
  if (typeof index !== 'number' || index <= at.index) return path;
  return [...at.list, index - 1, ...path.slice(at.list.length + 1)];
}

const isInside = (path: Path, outer: Path) =>
  path.length >= outer.length && outer.every((k, i) => path[i] === k);

/**
 * Moves the item at `from` to `to` (a place in the text before the move), keeping its text. Null
 * when it would not move (the same place) or cannot (into itself).
 */
export function moveItem(text: string, from: Path, to: Placement): { edit: TextEdit; path: Path } | null {
  const source = itemOf(from);
  if (!source) return null;
  const sameList = source.list.length === to.list.length && source.list.every((k, i) => to.list[i] === k);
  if (sameList && (to.index === source.index || to.index === source.index + 1)) return null;
  if (isInside(to.list, from)) return null;
  const parsed = parseText(text);
  const slice = sliceAt(parsed, from);
  if (!slice) return null;
  const removed = applyEdit(text, removeAt(parsed, from));
  const list = afterRemoval(to.list, from);
  const index = sameList && to.index > source.index ? to.index - 1 : to.index;
  const placed = parseText(removed);
  const insert = valueAtPath(JSON.parse(removed), list) === undefined ? setValue(placed, list, []) : null;
  const ready = insert ? parseText(applyEdit(removed, insert)) : placed;
  const after = applyEdit(ready.text, insertRaw(ready, list, index, slice));
  const edit = editBetween(text, after);
  return edit ? { edit, path: [...list, index] } : null;
}

/** Inserts a new item (a block, an action) at a place. */
export function insertAt(text: string, to: Placement, value: unknown): { edit: TextEdit; path: Path } | null {
  const edit = insertItem(parseText(text), to.list, to.index, value);
  return edit ? { edit, path: [...to.list, to.index] } : null;
}

export function deleteItem(text: string, path: Path): TextEdit | null {
  return removeAt(parseText(text), path);
}

/**
 * A copy of the item at `path` right after it, as written; `renames` gives new values for fields
 * of the copy that must not repeat (block ids), by path inside it.
 */
export function duplicateItem(
  text: string,
  path: Path,
  renames: readonly { at: Path; value: unknown }[] = [],
): { edit: TextEdit; path: Path } | null {
  const at = itemOf(path);
  const parsed = parseText(text);
  const slice = sliceAt(parsed, path);
  if (!at || !slice) return null;
  const copyPath = [...at.list, at.index + 1];
  let after = applyEdit(text, insertRaw(parsed, at.list, at.index + 1, slice));
  for (const r of renames)
    after = applyEdit(after, setValue(parseText(after), [...copyPath, ...r.at], r.value));
  const edit = editBetween(text, after);
  return edit ? { edit, path: copyPath } : null;
}

/** Puts the item at `path` inside `wrapper` (a block with an empty list at `childList`). */
export function wrapItem(
  text: string,
  path: Path,
  wrapper: Record<string, unknown>,
  childList: string,
): { edit: TextEdit; path: Path } | null {
  const at = itemOf(path);
  const parsed = parseText(text);
  const slice = sliceAt(parsed, path);
  if (!at || !slice) return null;
  const withWrapper = applyEdit(text, insertItem(parsed, at.list, at.index, { ...wrapper, [childList]: [] }));
  const wrapperPath = [...at.list, at.index];
  const moved = moveItem(withWrapper, [...at.list, at.index + 1], {
    list: [...wrapperPath, childList],
    index: 0,
  });
  if (!moved) return null;
  const edit = editBetween(text, applyEdit(withWrapper, moved.edit));
  return edit ? { edit, path: wrapperPath } : null;
}
