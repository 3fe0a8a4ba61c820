// The structure changes of the outline's toolbar, its keys and its drag and drop (issue 25 item
// 4), on the editor's current text: each gives one text edit and the place of the block after it,
// or null when it cannot be done there. Pure.
import { parse } from 'jsonc-parser';
import type { PhoneDrop } from '../shared/protocol';
import type { Outline, OutlineNode } from './model/outline';
import { itemOf, pathOf, pointerOf, valueAtPath } from './model/paths';
import { deleteItem, duplicateItem, insertAt, moveItem, wrapItem, type Placement } from './model/structure';
import type { Path, TextEdit } from './model/textEdits';

export interface Change {
  edit: TextEdit;
  /** The pointer to select afterwards (null: the parent's). */
  select: string | null;
}

const valueOf = (text: string): unknown => parse(text, [], { allowTrailingComma: false });

/**
 * Where a block goes for a node: beside it, or inside it, at the end of its first list ("inside",
 * as the outline drops) or at its start ("inside-first": the phone drops by where the pointer is).
 * The same places the phone's drop names (the wire's `PhoneDrop`).
 */
export type Where = PhoneDrop;

/**
 * A node a block may go inside: one with a list of blocks written here (a container, an empty one
 * too: its list is the schema's, written when the first block arrives; a popup; the page). The
 * outline's drop, the phone's and the keys all ask this.
 */
export const holdsBlocks = (n: OutlineNode) => n.lists.length > 0 && !n.readOnly;

/** Where a new block goes for a selected node: after a block, at the end of a group's list. */
export function placeFor(text: string, node: OutlineNode, where: Where): Placement | null {
  const value = valueOf(text);
  if (
    node.pointer !== null &&
    (where === 'before' || where === 'after') &&
    (node.kind === 'block' || node.kind === 'use' || node.kind === 'action')
  ) {
    const at = itemOf(pathOf(node.pointer, value));
    if (at) return { list: at.list, index: where === 'before' ? at.index : at.index + 1 };
  }
  const list = node.lists[0];
  if (!list || !holdsBlocks(node)) return null;
  const path = pathOf(list.pointer, value);
  const items = valueAtPath(value, path);
  return { list: path, index: where === 'inside-first' || !Array.isArray(items) ? 0 : items.length };
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

export function moveTo(text: string, node: OutlineNode, target: OutlineNode, where: Where): Change | null {
  const path = pathIn(text, node);
  const place = placeFor(text, target, where);
  if (!path || !place) return null;
  const moved = moveItem(text, path, place);
  return moved ? { edit: moved.edit, select: pointerOf(moved.path) } : null;
}

/**
 * Into the block just above it, at the end of its list (Alt+→): the keys' drop inside a container.
 * Only a block above that holds blocks takes it (a container, an empty one too).
 */
export function moveIn(text: string, outline: Outline, node: OutlineNode): Change | null {
  const path = movable(node) ? pathIn(text, node) : null;
  const at = path && itemOf(path);
  if (!at || at.index === 0) return null;
  const above = outline.byKey.get(pointerOf([...at.list, at.index - 1]));
  return above && holdsBlocks(above) ? moveTo(text, node, above, 'inside') : null;
}

/**
 * Out of the block it is in, to just after it (Alt+←): the keys' drop beside a container. Out of
 * a block only (a switch's case goes after the switch): not out of a popup, the page or a slot.
 */
export function moveOut(text: string, outline: Outline, node: OutlineNode): Change | null {
  const parentKey = movable(node) ? outline.parentOf.get(node.key) : undefined;
  const parent = parentKey === undefined ? undefined : outline.byKey.get(parentKey);
  return parent && parent.kind === 'block' && movable(parent) && !parent.readOnly
    ? moveTo(text, node, parent, 'after')
    : null;
}

/** The phone's places (pointers in the screen it draws) of the blocks a drag may move, and may go in. */
export interface PhoneTargets {
  /** Blocks written here: dragged, and dropped beside (what `movable` says, as the outline). */
  movable: string[];
  /** Blocks a dragged one may go inside (`holdsBlocks`). */
  containers: string[];
}

export function phoneTargets(outline: Outline): PhoneTargets {
  const out: PhoneTargets = { movable: [], containers: [] };
  for (const n of outline.byKey.values()) {
    if (n.readOnly) continue;
    const places = outline.expandedOf(n.key);
    if (movable(n)) out.movable.push(...places);
    if (n.kind === 'block' && holdsBlocks(n)) out.containers.push(...places);
  }
  return out;
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
