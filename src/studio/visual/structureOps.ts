// The structure changes of the outline's toolbar, its keys and its drag and drop (issue 25 item
// 4), on the editor's current text: each gives one text edit and the place of the block after it,
// or null when it cannot be done there. Pure.
import { parse } from 'jsonc-parser';
import type { OutlineNode } from './model/outline';
import { itemOf, pathOf, pointerOf, valueAtPath } from './model/paths';
import { deleteItem, duplicateItem, insertAt, moveItem, wrapItem, type Placement } from './model/structure';
import type { Path, TextEdit } from './model/textEdits';

export interface Change {
  edit: TextEdit;
  /** The pointer to select afterwards (null: the parent's). */
  select: string | null;
}

const valueOf = (text: string): unknown => parse(text, [], { allowTrailingComma: false });

/** Where a new block goes for a selected node: after a block, at the end of a group's list. */
export function placeFor(
  text: string,
  node: OutlineNode,
  where: 'before' | 'after' | 'inside',
): Placement | null {
  const value = valueOf(text);
  if (
    node.pointer !== null &&
    where !== 'inside' &&
    (node.kind === 'block' || node.kind === 'use' || node.kind === 'action')
  ) {
    const at = itemOf(pathOf(node.pointer, value));
    if (at) return { list: at.list, index: where === 'before' ? at.index : at.index + 1 };
  }
  const list = node.lists[0];
  if (!list) return null;
  const path = pathOf(list.pointer, value);
  const items = valueAtPath(value, path);
  return { list: path, index: Array.isArray(items) ? items.length : 0 };
}

export function insertBlock(
  text: string,
  node: OutlineNode,
  where: 'before' | 'after' | 'inside',
  block: unknown,
): Change | null {
  const place = placeFor(text, node, where);
  if (!place) return null;
  const done = insertAt(text, place, block);
  return done ? { edit: done.edit, select: pointerOf(done.path) } : null;
}

function pathIn(text: string, node: OutlineNode): Path | null {
  return node.pointer === null ? null : pathOf(node.pointer, valueOf(text));
}

export function moveBy(text: string, node: OutlineNode, step: -1 | 1): Change | null {
  const path = pathIn(text, node);
  const at = path && itemOf(path);
  if (!path || !at) return null;
  const list = valueAtPath(valueOf(text), at.list);
  const to = at.index + (step < 0 ? -1 : 2);
  if (to < 0 || !Array.isArray(list) || to > list.length) return null;
  const moved = moveItem(text, path, { list: at.list, index: to });
  return moved ? { edit: moved.edit, select: pointerOf(moved.path) } : null;
}

/** What may be dragged to another place: a block, a part's use or an action step written here. */
export const movable = (n: OutlineNode) =>
  n.pointer !== null && (n.kind === 'block' || n.kind === 'use' || n.kind === 'action');

export function moveTo(
  text: string,
  node: OutlineNode,
  target: OutlineNode,
  where: 'before' | 'after' | 'inside',
): Change | null {
  const path = pathIn(text, node);
  const place = placeFor(text, target, where);
  if (!path || !place) return null;
  const moved = moveItem(text, path, place);
  return moved ? { edit: moved.edit, select: pointerOf(moved.path) } : null;
}

export function remove(text: string, node: OutlineNode): Change | null {
  const path = pathIn(text, node);
  const edit = path && itemOf(path) ? deleteItem(text, path) : null;
  return edit ? { edit, select: null } : null;
}

export function duplicate(text: string, node: OutlineNode): Change | null {
  const value = valueOf(text);
  const path = pathIn(text, node);
  if (!path) return null;
  const item = valueAtPath(value, path) as Record<string, unknown> | undefined;
  // A copied id would be said twice: the copy's gets a suffix.
  const renames = typeof item?.id === 'string' ? [{ at: ['id'], value: `${item.id}-copy` }] : [];
  const done = duplicateItem(text, path, renames);
  return done ? { edit: done.edit, select: pointerOf(done.path) } : null;
}

export function wrapInSection(text: string, node: OutlineNode): Change | null {
  const path = pathIn(text, node);
  if (!path || node.kind !== 'block') return null;
  const done = wrapItem(text, path, { type: 'section' }, 'children');
  return done ? { edit: done.edit, select: pointerOf(done.path) } : null;
}
