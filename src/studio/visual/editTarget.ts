// What the property panel edits for a selected node (issue 25 item 2): a value written in this
// text, at its path; or, for a block of a variant's base (task 2: loan confirm's button is its
// part's), the block as the phone draws it, whose changes go through model/baseEdits.ts.
import type { Resolved } from '../editor/schemaNav';
import type { OutlineNode } from './model/outline';
import { baseFieldEdit, type BaseBlock } from './model/baseEdits';
import { minimalEdit } from './model/minimalEdit';
import { pathOf, valueAtPath } from './model/paths';
import type { Path, TextEdit } from './model/textEdits';
import type { VisualDoc } from './useVisualDoc';
import { isObject } from './model/isObject';

export interface EditTarget {
  value: Record<string, unknown>;
  path: Path;
  /** Its schemas: what the panel's fields are made from. */
  here: Resolved;
  base: BaseBlock | null;
}

export function editTargetOf(doc: VisualDoc, node: OutlineNode | null): EditTarget | null {
  if (!node || doc.value === null) return null;
  const nav = doc.model.nav;
  const expanded = doc.expanded;
  if (node.pointer !== null) {
    const path = pathOf(node.pointer, doc.value);
    const value = valueAtPath(doc.value, path);
    if (!isObject(value)) return null;
    let here = nav.resolve(path, doc.value);
    // A block given to a part's slot (`with.banner[0]`) is a parameter's value to the screen's
    // schema: it is a block where the phone draws it.
    if (node.kind === 'block' && !doc.model.isBlock(here) && node.expanded !== undefined && expanded)
      here = nav.resolve(pathOf(node.expanded, expanded.doc), expanded.doc);
    return { value, path, here, base: null };
  }
  if (!node.baseId || node.expanded === undefined || !expanded) return null;
  const path = pathOf(node.expanded, expanded.doc);
  const value = valueAtPath(expanded.doc, path);
  if (!isObject(value)) return null;
  const { kind, name } = doc.self;
  return {
    value,
    path,
    here: nav.resolve(path, expanded.doc),
    base: {
      id: node.baseId,
      expandedPath: path,
      expanded: expanded.doc,
      origin: expanded.origin,
      mine: (o) => o.doc.kind === kind && o.doc.name === name,
    },
  };
}

/**
 * The edit of `text` that sets `path` (inside `target`'s block, as `target.path` starts it) to
 * `value`: in place for a block this text writes, through this screen's `with` and `changes` for
 * a base block (model/baseEdits.ts). The panel and text in place both write through it.
 */
export function writeAt(target: EditTarget, text: string, path: Path, value: unknown): TextEdit | null {
  if (!target.base) return minimalEdit(text, path, value);
  return baseFieldEdit(text, target.base, path.slice(target.base.expandedPath.length), value);
}
