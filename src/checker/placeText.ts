// Places problems on a text: the character range to underline and the line and column to print,
// from the JSON pointer each problem names. One rule for the studio's underlines, the server's
// replies and screens:check's `file:line:column`. Browser-safe.
import type { Node } from 'jsonc-parser';
import type { Problem } from '../../renderer/validate/problem';
import { splitPointer } from '../../renderer/validate/pointer';
import { positionOf, type ParsedJson } from './jsonLocation';

/** The node a pointer names, or the deepest existing node on its way. */
function nodeAt(tree: Node | undefined, segments: readonly string[]): Node | undefined {
  let node = tree;
  for (const segment of segments) {
    const children = node?.children;
    if (!node || !children) break;
    let next: Node | undefined;
    if (node.type === 'array') next = children[Number(segment)];
    else if (node.type === 'object')
      next = children.find((p) => p.children?.[0]?.value === segment)?.children?.[1];
    if (!next) break;
    node = next;
  }
  return node;
}

/**
 * The range to underline: a field's name for a field, a block's or action's `"type": "x"` for a
 * block or action (a whole object would underline half the file), the value itself otherwise.
 */
export function rangeOf(tree: Node | undefined, pointer: string): { from: number; to: number } {
  const node = nodeAt(tree, splitPointer(pointer));
  if (!node) return { from: 0, to: 1 };
  const parent = node.parent;
  if (
    parent?.type === 'property' &&
    parent.children?.[0] &&
    node.type !== 'object' &&
    node.type !== 'array'
  ) {
    const key = parent.children[0];
    return { from: key.offset, to: node.offset + node.length };
  }
  if (node.type === 'object') {
    const tag = node.children?.find((p) => ['type', 'do'].includes(String(p.children?.[0]?.value)));
    if (tag) return { from: tag.offset, to: tag.offset + tag.length };
    if (parent?.type === 'property' && parent.children?.[0]) {
      const key = parent.children[0];
      return { from: key.offset, to: key.offset + key.length };
    }
    return { from: node.offset, to: node.offset + 1 };
  }
  if (node.type === 'array' && parent?.type === 'property' && parent.children?.[0]) {
    const key = parent.children[0];
    return { from: key.offset, to: key.offset + key.length };
  }
  return { from: node.offset, to: node.offset + Math.max(1, node.length) };
}

/** A problem at a character range of the text. */
export function placedAt(text: string, from: number, to: number, problem: Problem): Problem {
  return { ...problem, from, to, ...positionOf(text, from) };
}

/** Problems (pointers into the parsed document) placed on its text. */
export function placeAll(parsed: ParsedJson, problems: readonly Problem[]): Problem[] {
  return problems.map((p) => {
    const { from, to } = rangeOf(parsed.tree, p.pointer);
    return placedAt(parsed.text, from, to, p);
  });
}

/** Syntax errors (nothing more can be checked when there are any) and fields written twice. */
export function parseProblems(parsed: ParsedJson): Problem[] {
  const { text } = parsed;
  const syntax = parsed.syntax.map((s) =>
    placedAt(text, s.offset, Math.min(text.length, s.offset + 1), {
      pointer: '',
      message: s.keyword === 'depth' ? s.message : `JSON syntax: ${s.message}`,
      keyword: s.keyword ?? 'syntax',
      severity: 'error',
    }),
  );
  if (syntax.length > 0) return syntax;
  return parsed.duplicates.map((d) =>
    placedAt(text, d.offset, d.offset + 1, {
      pointer: d.pointer,
      message: `the field '${d.key}' is written twice in the same object (only the last one counts)`,
      keyword: 'duplicate',
      severity: 'error',
    }),
  );
}

/** In the order of the text, then by message; and the number of errors among them. */
export function inTextOrder(problems: Problem[]): { problems: Problem[]; errors: number } {
  problems.sort((a, b) => (a.from ?? 0) - (b.from ?? 0) || a.message.localeCompare(b.message));
  return { problems, errors: problems.filter((p) => p.severity === 'error').length };
}
