// Checks the text of a screen document (and of the manifest) the way screens:check does (syntax, fields written twice,
// schema, cross-references, lints) and places every problem on a character range, so the editor
// can underline it and the server can refuse a save with the same messages. Pure: browser and Node.
import type { Node } from 'jsonc-parser';
import type { ScreenDocument, ScreensManifest } from '../../renderer/types.gen';
import { checkManifest } from '../../renderer/validate/crossref';
import type { DocError } from '../../renderer/validate/messages';
import { splitPointer } from '../../renderer/validate/pointer';
import { validateManifest } from '../../renderer/validate/validateDocument';
import { parseJson, positionOf } from './jsonLocation';
import { EMPTY_LIBRARY, withDocument, type DocRef, type Library } from '../parts/library';
import { dependentFindings, partFindings, placeIn, screenFindings, type Placed } from './expanded';
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
  /** Said because of another screen drawn from this document (a variant, a screen using the part). */
  dependent?: string;
}

export interface CheckResult {
  /** The document when the schema accepts it (the preview can render it), else null. */
  doc: ScreenDocument | null;
  problems: Problem[];
  /** Problems that block a save (warnings do not). */
  errors: number;
  /** The screens drawn from this document (variants of it, screens using the part). */
  usedBy?: string[];
}

export interface CheckOptions {
  /** The file's id: the document's `id` must match it. */
  id?: string;
  manifest?: ScreensManifest | null;
  /** The origins and app schemes documents may address (src/config/origins.ts urlPolicyOf). */
  urls?: UrlPolicy;
  /** The parts and screens it may draw on (and that may draw on it); none when left out. */
  library?: Library;
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
  const add = (
    from: number,
    to: number,
    pointer: string,
    message: string,
    warning = false,
    screen?: string,
  ) => {
    const { line, column } = positionOf(text, from);
    problems.push({
      from,
      to,
      line,
      column,
      pointer,
      message,
      severity: warning ? 'warning' : 'error',
      ...(screen ? { dependent: screen } : {}),
    });
  };
  const addErrors = (errors: readonly (DocError | Placed)[]) => {
    for (const e of errors) {
      const { from, to } = rangeOf(parsed.tree, e.pointer);
      add(
        from,
        to,
        e.pointer,
        e.message,
        e.severity === 'warning',
        'dependent' in e ? e.dependent : undefined,
      );
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
  const id = options.id ?? screenIdOf(parsed.value);
  const self: DocRef = { kind: 'screen', name: id };
  const library = withDocument(options.library ?? EMPTY_LIBRARY, self, text);
  const o = { manifest: options.manifest ?? null, urls: options.urls, library };
  const { doc, accepted, found } = screenFindings(parsed.value, id, o);
  const placed = placeIn(self, found, library);
  const idProblem = accepted && options.id !== undefined ? idMismatch(accepted.id, options.id) : null;
  if (idProblem) placed.push(idProblem);
  // A base of variants: what they say about it (a parameter, a block id they change).
  const dependents = options.library ? dependentFindings(self, o, placed) : { usedBy: [], placed: [] };
  addErrors([...placed, ...dependents.placed]);
  return { ...finish(doc, problems), usedBy: dependents.usedBy };
}

/**
 * The text of a part (screens/parts/<name>.json): its own problems (checked alone, with its
 * defaults), and what the screens that use it (from `library`, with this text in place) say
 * about it: arguments that do not fit its parameters, errors in what they take from it.
 */
export function checkPartText(
  text: string,
  options: { name: string; library?: Library; manifest?: ScreensManifest | null; urls?: UrlPolicy },
): CheckResult {
  const parsed = parseJson(text);
  const { problems, addErrors, parseProblems } = collector(text, parsed);
  if (parseProblems()) return finish(null, problems);
  const self: DocRef = { kind: 'part', name: options.name };
  const library = withDocument(options.library ?? EMPTY_LIBRARY, self, text);
  const own = partFindings(parsed.value, options.name, library);
  const dependents = dependentFindings(
    self,
    { manifest: options.manifest ?? null, urls: options.urls, library },
    own.placed,
  );
  addErrors([...own.placed, ...dependents.placed]);
  return { ...finish(null, problems), usedBy: dependents.usedBy };
}

/** The screen's id must be its file's name. */
export function idMismatch(id: string, file: string): Placed | null {
  return id === file
    ? null
    : {
        pointer: '/id',
        message: `the screen's id '${id}' does not match its file name (${file}.json): make it '${file}'`,
        keyword: 'id',
      };
}

const screenIdOf = (value: unknown): string =>
  value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'
    ? (value as { id: string }).id
    : '';

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
