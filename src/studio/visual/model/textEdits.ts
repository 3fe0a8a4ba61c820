// Visual changes as edits of the document's text (issue 25 item 7): a value replaced where it is
// written, a field or list item added on its own line in the style of its neighbours, an item
// removed with its line, a block moved or copied as its own text (re-indented). Nothing else of
// the text moves: the review diff shows the change and only the change. jsonc-parser's `modify`
// reformats the surrounding object (a compact `{ "type": "divider" }` beside an insertion becomes
// three lines), so only its parse tree is used here. Pure: no DOM, no React.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

export type Path = readonly (string | number)[];

/** One replacement in the text (CodeMirror's ChangeSpec has the same shape). */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
}

export interface TextStyle {
  /** One level of indentation ("  " or "\t"). */
  unit: string;
  /** Short objects are written on one line (`{ "$": "data.x" }`), as prettier leaves them. */
  compact: boolean;
  width: number;
}

export interface ParsedText {
  text: string;
  tree: Node | undefined;
  style: TextStyle;
}

const WIDTH = 110;

export function styleOf(text: string): TextStyle {
  const indented = /\n([ \t]+)\S/.exec(text);
  const unit = indented?.[1]?.startsWith('\t') ? '\t' : indented ? indented[1]!.slice(0, 2) || '  ' : '  ';
  return { unit, compact: /\{ "[^"\n]*": [^\n]*\}/.test(text), width: WIDTH };
}

export function parseText(text: string): ParsedText {
  return { text, tree: parseTree(text, [], { disallowComments: false }), style: styleOf(text) };
}

export const nodeAt = (parsed: ParsedText, path: Path): Node | undefined =>
  parsed.tree ? findNodeAtLocation(parsed.tree, path as (string | number)[]) : undefined;

const isPlain = (v: unknown) => v === null || typeof v !== 'object';

function oneLine(value: unknown): string {
  if (isPlain(value)) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return value.length ? `[${value.map(oneLine).join(', ')}]` : '[]';
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return entries.length
    ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }`
    : '{}';
}

/**
 * `value` as JSON text starting at `column` on a line indented `indent`: on one line when the
 * document writes short objects that way (or it is a list of plain values) and it fits, else one
 * field or item a line.
 */
export function render(value: unknown, indent: string, style: TextStyle, column = indent.length): string {
  const flat = oneLine(value);
  if (isPlain(value)) return flat;
  const empty = (v: unknown) => isPlain(v) || Object.keys(v as object).length === 0;
  const plainList = Array.isArray(value) && value.every(empty);
  // As prettier prints JSON: a list of several objects gets a line each.
  const objectList =
    Array.isArray(value) && value.length > 1 && value.every((v) => !empty(v) && !Array.isArray(v));
  if (!objectList && (style.compact || plainList || flat.length <= 2) && column + flat.length <= style.width)
    return flat;
  const inner = indent + style.unit;
  if (Array.isArray(value))
    return `[\n${value.map((v) => inner + render(v, inner, style)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries
    .map(([k, v]) => {
      const key = `${JSON.stringify(k)}: `;
      return inner + key + render(v, inner, style, inner.length + key.length);
    })
    .join(',\n')}\n${indent}}`;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The indentation of the line `offset` is on. */
export function indentAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

/** Whether `offset` is the first thing on its line. */
const firstOnLine = (text: string, offset: number) =>
  /^[ \t]*$/.test(text.slice(lineStart(text, offset), offset));

const end = (node: Node) => node.offset + node.length;

/** A list's items, or an object's fields (property nodes). */
const members = (node: Node): Node[] => node.children ?? [];

const multiLine = (text: string, container: Node) => {
  const first = members(container)[0];
  return text.slice(container.offset, first ? first.offset : end(container)).includes('\n');
};

/** Text of a value moved from indentation `from` to `to` (its first line starts at its node). */
export function reindent(slice: string, from: string, to: string): string {
  if (from === to) return slice;
  return slice
    .split('\n')
    .map((line, i) => (i === 0 ? line : line.startsWith(from) ? to + line.slice(from.length) : line))
    .join('\n');
}

/** The text of a member of a container, for inserting: raw text (already in place) or a value. */
type Content = { raw: string; indent: string } | { value: unknown };

function contentText(content: Content, indent: string, style: TextStyle, column: number): string {
  return 'raw' in content
    ? reindent(content.raw, content.indent, indent)
    : render(content.value, indent, style, column);
}

/** Inserts a member (`key` set for an object's field) at `index` of `container`. */
function insertMember(
  parsed: ParsedText,
  container: Node,
  index: number,
  content: Content,
  key?: string,
): TextEdit {
  const { text, style } = parsed;
  const items = members(container);
  const prefix = key === undefined ? '' : `${JSON.stringify(key)}: `;
  if (items.length === 0) {
    const indent = indentAt(text, container.offset);
    const open = container.type === 'array' ? '[' : '{';
    const close = container.type === 'array' ? ']' : '}';
    const inner = indent + style.unit;
    const body = contentText(content, inner, style, inner.length + prefix.length);
    const flat = `${open}${key === undefined ? '' : ' '}${prefix}${body}${key === undefined ? '' : ' '}${close}`;
    const column = container.offset - lineStart(text, container.offset);
    const fits =
      !body.includes('\n') &&
      column + flat.length <= style.width &&
      (style.compact || !('value' in content) || isPlain(content.value));
    return {
      from: container.offset,
      to: end(container),
      insert: fits ? flat : `${open}\n${inner}${prefix}${body}\n${indent}${close}`,
    };
  }
  const at = Math.max(0, Math.min(index, items.length));
  if (multiLine(text, container)) {
    const ref = items[Math.min(at, items.length - 1)]!;
    const indent = indentAt(text, ref.offset);
    const body = contentText(content, indent, style, indent.length + prefix.length);
    if (at < items.length && firstOnLine(text, ref.offset)) {
      const start = lineStart(text, ref.offset);
      return { from: start, to: start, insert: `${indent}${prefix}${body},\n` };
    }
    if (at < items.length) return { from: ref.offset, to: ref.offset, insert: `${prefix}${body}, ` };
    return { from: end(ref), to: end(ref), insert: `,\n${indent}${prefix}${body}` };
  }
  const ref = items[Math.min(at, items.length - 1)]!;
  const column = (at < items.length ? ref.offset : end(ref)) - lineStart(text, ref.offset);
  const body = contentText(content, indentAt(text, ref.offset), style, column + prefix.length);
  return at < items.length
    ? { from: ref.offset, to: ref.offset, insert: `${prefix}${body}, ` }
    : { from: end(ref), to: end(ref), insert: `, ${prefix}${body}` };
}

/** Removes the member `index` of `container` with its comma and, when it has one, its line. */
function removeMember(parsed: ParsedText, container: Node, index: number): TextEdit {
  const { text } = parsed;
  const items = members(container);
  const item = items[index]!;
  if (items.length === 1)
    return { from: container.offset, to: end(container), insert: container.type === 'array' ? '[]' : '{}' };
  if (index < items.length - 1) {
    const next = items[index + 1]!;
    const own = firstOnLine(text, item.offset) && firstOnLine(text, next.offset);
    return own
      ? { from: lineStart(text, item.offset), to: lineStart(text, next.offset), insert: '' }
      : { from: item.offset, to: next.offset, insert: '' };
  }
  return { from: end(items[index - 1]!), to: end(item), insert: '' };
}

/** The container and member index a path's last step names (the property node for a field). */
function memberOf(parsed: ParsedText, path: Path): { container: Node; index: number } | null {
  const container = nodeAt(parsed, path.slice(0, -1));
  const key = path[path.length - 1];
  if (!container || key === undefined) return null;
  if (container.type === 'array' && typeof key === 'number')
    return key < members(container).length ? { container, index: key } : null;
  if (container.type !== 'object') return null;
  const index = members(container).findIndex((p) => p.children?.[0]?.value === String(key));
  return index < 0 ? null : { container, index };
}

/**
 * Sets the value at `path`: replaced where it is written, or added as a new field (the objects on
 * the way made as needed). `undefined` removes it.
 */
export function setValue(parsed: ParsedText, path: Path, value: unknown): TextEdit | null {
  if (value === undefined) return removeAt(parsed, path);
  const { text, style } = parsed;
  const node = nodeAt(parsed, path);
  if (node) {
    const column = node.offset - lineStart(text, node.offset);
    const insert = render(value, indentAt(text, node.offset), style, column);
    return text.slice(node.offset, end(node)) === insert
      ? null
      : { from: node.offset, to: end(node), insert };
  }
  // The deepest object that exists on the way gets the rest as one new field.
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const container = nodeAt(parsed, path.slice(0, depth));
    if (!container) continue;
    let nested: unknown = value;
    for (let i = path.length - 1; i > depth; i--) nested = { [String(path[i])]: nested };
    const key = path[depth]!;
    if (container.type === 'object')
      return insertMember(parsed, container, members(container).length, { value: nested }, String(key));
    if (container.type === 'array' && typeof key === 'number' && depth === path.length - 1)
      return insertMember(parsed, container, key, { value: nested });
    return null;
  }
  return null;
}

export function removeAt(parsed: ParsedText, path: Path): TextEdit | null {
  const at = memberOf(parsed, path);
  return at ? removeMember(parsed, at.container, at.index) : null;
}

/** Inserts `value` as item `index` of the list at `listPath` (the list made when missing). */
export function insertItem(
  parsed: ParsedText,
  listPath: Path,
  index: number,
  value: unknown,
): TextEdit | null {
  const list = nodeAt(parsed, listPath);
  if (!list) return setValue(parsed, listPath, [value]);
  if (list.type !== 'array') return null;
  return insertMember(parsed, list, index, { value });
}

/** The text of the value at `path` and the indentation of its line. */
export function sliceAt(parsed: ParsedText, path: Path): { raw: string; indent: string } | null {
  const node = nodeAt(parsed, path);
  if (!node) return null;
  return { raw: parsed.text.slice(node.offset, end(node)), indent: indentAt(parsed.text, node.offset) };
}

export function applyEdit(text: string, edit: TextEdit | null): string {
  return edit ? text.slice(0, edit.from) + edit.insert + text.slice(edit.to) : text;
}

/** The one edit that turns `before` into `after` (their common start and end kept). */
export function editBetween(before: string, after: string): TextEdit | null {
  if (before === after) return null;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (
    tail < max - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  )
    tail++;
  return { from: start, to: before.length - tail, insert: after.slice(start, after.length - tail) };
}

/** Inserts raw text (a value's own text, re-indented) as item `index` of the list at `listPath`. */
export function insertRaw(
  parsed: ParsedText,
  listPath: Path,
  index: number,
  raw: { raw: string; indent: string },
): TextEdit | null {
  const list = nodeAt(parsed, listPath);
  if (!list || list.type !== 'array') return null;
  return insertMember(parsed, list, index, raw);
}
