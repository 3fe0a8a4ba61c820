// Checks the text of a screen document (and of the manifest) the way screens:check does (syntax, fields written twice,
// schema, cross-references, lints) and places every problem on a character range, so the editor
// can underline it and the server can refuse a save with the same messages. Pure: browser and Node.
import type { Node } from 'jsonc-parser';
import type { ScreenDocument, ScreensManifest } from '../../renderer/types.gen';
import { checkDocument, checkManifest } from '../../renderer/validate/crossref';
import type { DocError } from '../../renderer/validate/messages';
import { splitPointer } from '../../renderer/validate/pointer';
import { validateManifest, validateScreenDocument } from '../../renderer/validate/validateDocument';
import { parseJson, positionOf } from './jsonLocation';
import type { UrlPolicy } from '../../renderer/url';

export interface Problem {
  /** Character range in the text. */
  from: number;
  to: number;
  /** 1-based, for messages and the problem list. */
  line: number;
  column: number;
  pointer: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface CheckResult {
  /** The document when the schema accepts it (the preview can render it), else null. */
  doc: ScreenDocument | null;
  problems: Problem[];
  /** Problems that block a save (warnings do not). */
  errors: number;
}

export interface CheckOptions {
  /** The file's id: the document's `id` must match it. */
  id?: string;
  manifest?: ScreensManifest | null;
  /** The origins and app schemes documents may address (src/config/origins.ts urlPolicyOf). */
  urls?: UrlPolicy;
}

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

/** Problems of one text, placed on their character range. */
function collector(text: string, parsed: ReturnType<typeof parseJson>) {
  const problems: Problem[] = [];
  const add = (from: number, to: number, pointer: string, message: string, warning = false) => {
    const { line, column } = positionOf(text, from);
    problems.push({ from, to, line, column, pointer, message, severity: warning ? 'warning' : 'error' });
  };
  const addErrors = (errors: readonly DocError[]) => {
    for (const e of errors) {
      const { from, to } = rangeOf(parsed.tree, e.pointer);
      add(from, to, e.pointer, e.message, e.severity === 'warning');
    }
  };
  /** Syntax errors (true when there are any: nothing more can be checked) and fields written twice. */
  const parseProblems = (): boolean => {
    for (const s of parsed.syntax)
      add(s.offset, Math.min(text.length, s.offset + 1), '', `JSON syntax: ${s.message}`);
    if (parsed.syntax.length > 0) return true;
    for (const d of parsed.duplicates)
      add(
        d.offset,
        d.offset + 1,
        d.pointer,
        `the field '${d.key}' is written twice in the same object (only the last one counts)`,
      );
    return false;
  };
  return { problems, addErrors, parseProblems };
}

export function checkScreenText(text: string, options: CheckOptions = {}): CheckResult {
  const parsed = parseJson(text);
  const { problems, addErrors, parseProblems } = collector(text, parsed);
  if (parseProblems()) return finish(null, problems);

  const result = validateScreenDocument(parsed.value);
  if (!result.ok) {
    addErrors(result.errors);
    return finish(null, problems);
  }
  // As in screens:check, a block or action type this app does not know is a mistake here.
  const own: DocError[] = result.unknownTypes.map((u) => ({
    pointer: u.pointer,
    message: u.message,
    keyword: 'discriminator',
  }));
  // Inside a block that needs a newer engine: shown, not counted (today's apps show its fallback).
  for (const e of result.deferred ?? []) own.push({ ...e, severity: 'warning' });
  if (options.id !== undefined && result.doc.id !== options.id)
    own.push({
      pointer: '/id',
      message: `the screen's id '${result.doc.id}' does not match its file name (${options.id}.json): make it '${options.id}'`,
      keyword: 'id',
    });
  addErrors([
    ...own,
    ...checkDocument(result.doc, { manifest: options.manifest ?? null, urls: options.urls }),
  ]);
  return finish(result.unknownTypes.length > 0 ? null : result.doc, problems);
}

export interface ManifestCheckResult {
  /** The manifest when the schema accepts it, else null. */
  manifest: ScreensManifest | null;
  problems: Problem[];
  errors: number;
}

/**
 * The manifest's text as screens:check sees it: syntax, schema, no path twice and, given the ids of
 * the screens that exist, no route or promotion template naming a screen that does not.
 */
export function checkManifestText(text: string, screenIds?: ReadonlySet<string>): ManifestCheckResult {
  const parsed = parseJson(text);
  const { problems, addErrors, parseProblems } = collector(text, parsed);
  let manifest: ScreensManifest | null = null;
  if (!parseProblems()) {
    const result = validateManifest(parsed.value);
    if (result.ok) {
      manifest = result.manifest;
      addErrors(checkManifest(manifest, screenIds));
    } else addErrors(result.errors);
  }
  const { problems: sorted, errors } = finish(null, problems);
  return { manifest, problems: sorted, errors };
}

function finish(doc: ScreenDocument | null, problems: Problem[]): CheckResult {
  problems.sort((a, b) => a.from - b.from || a.message.localeCompare(b.message));
  return { doc, problems, errors: problems.filter((p) => p.severity === 'error').length };
}
