// Checks the text of one document the one way (issue 27 item 1): syntax, fields written twice,
// schema, cross-references, lints, what the screens drawn from it say about it and, given the
// library it belongs to, the rules of the set (near-copies, unused documents: checkSet.ts). Every
// problem is placed on a character range, so the editor can underline it, the server can refuse a
// save or a publication with the same messages, and screens:check (checkScreens.ts, a loop over
// the files that calls these) prints the same line. Pure: browser and Node.
import type { ScreenDocument, ScreensManifest } from '../../renderer/types.gen';
import { checkManifest } from '../../renderer/validate/crossref';
import type { DocRef, Problem } from '../../renderer/validate/problem';
import { validateManifest, validateScreenDocument } from '../../renderer/validate/validateDocument';
import type { UrlPolicy } from '../../renderer/url';
import { EMPTY_LIBRARY, withDocument, type Library } from '../parts/library';
import { resolveScreen } from '../parts/resolve';
import { checkSet } from './checkSet';
import { dependentFindings, partFindings, placeIn, screenFindings } from './expanded';
import { parseJson, type ParsedJson } from './jsonLocation';
import { kindProblem } from './kindCheck';
import { inTextOrder, parseProblems, placeAll } from './placeText';

export interface CheckResult {
  /** The document when the schema accepts it (the preview can render it), else null. */
  doc: ScreenDocument | null;
  /** Placed on the text: line, column, from, to. */
  problems: Problem[];
  /** Problems that block a review or a publication (warnings do not). */
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
  /**
   * The parts and screens it belongs to: what it may draw on, what draws on it, what it must not
   * copy. Without one, the document is checked alone.
   */
  library?: Library;
}

/** The problems found before any check: syntax or depth, fields written twice, the wrong kind. */
const withKind = (parsed: ParsedJson, early: Problem[], kind: Problem | null): Problem[] =>
  kind ? [...early, ...placeAll(parsed, [kind])] : early;

/** The problems of a document of the library that come from the others, placed in it. */
function fromTheSet(self: DocRef, options: CheckOptions, library: Library, own: Problem[]) {
  if (!options.library) return { usedBy: [], placed: [] };
  const o = { manifest: options.manifest ?? null, urls: options.urls, library };
  // A base of variants, a part: what the screens drawn from it say about it.
  const dependents = dependentFindings(self, o, own);
  const set = checkSet({ library, manifest: o.manifest }, self).map(({ file: _file, ...p }) => p);
  return { usedBy: dependents.usedBy, placed: [...dependents.placed, ...set] };
}

export function checkScreenText(text: string, options: CheckOptions = {}): CheckResult {
  const parsed = parseJson(text);
  const early = parseProblems(parsed);
  const kind = parsed.syntax.length > 0 ? null : kindProblem('screen', parsed.value);
  if (parsed.syntax.length > 0 || kind) return { doc: null, ...inTextOrder(withKind(parsed, early, kind)) };
  const id = options.id ?? screenIdOf(parsed.value);
  const self: DocRef = { kind: 'screen', name: id };
  const library = withDocument(options.library ?? EMPTY_LIBRARY, self, text);
  const o = { manifest: options.manifest ?? null, urls: options.urls, library };
  const { doc, accepted, found } = screenFindings(parsed.value, id, o);
  const own = placeIn(self, found, library);
  const idProblem = accepted && options.id !== undefined ? idMismatch(accepted.id, options.id) : null;
  if (idProblem) own.push(idProblem);
  const set = fromTheSet(self, options, library, own);
  const problems = [...early, ...placeAll(parsed, [...own, ...set.placed])];
  return { doc, ...inTextOrder(problems), usedBy: set.usedBy };
}

/**
 * The document a screen's text draws, as checkScreenText gives it (`doc`), without looking for its
 * problems: parsed, of the right kind, with its parts and base, accepted by the schema, of types
 * this engine knows. The studio gives it to the phone at once after a whole change and checks the
 * text after the phone has drawn it (issue 25: a change reaches the phone within 100 ms).
 */
export function screenDocOfText(text: string, options: CheckOptions = {}): ScreenDocument | null {
  const parsed = parseJson(text);
  if (parsed.syntax.length > 0 || kindProblem('screen', parsed.value)) return null;
  const id = options.id ?? screenIdOf(parsed.value);
  const library = withDocument(options.library ?? EMPTY_LIBRARY, { kind: 'screen', name: id }, text);
  const resolution = resolveScreen(parsed.value, id, library);
  if (resolution.doc === null) return null;
  const result = validateScreenDocument(resolution.doc);
  return result.ok && result.unknownTypes.length === 0 ? result.doc : null;
}

/**
 * The text of a part (screens/parts/<name>.json): its own problems (checked alone, with its
 * defaults), and what the screens that use it (from `library`, with this text in place) say
 * about it: arguments that do not fit its parameters, errors in what they take from it.
 */
export function checkPartText(text: string, options: CheckOptions & { name: string }): CheckResult {
  const parsed = parseJson(text);
  const early = parseProblems(parsed);
  const kind = parsed.syntax.length > 0 ? null : kindProblem('part', parsed.value);
  if (parsed.syntax.length > 0 || kind) return { doc: null, ...inTextOrder(withKind(parsed, early, kind)) };
  const self: DocRef = { kind: 'part', name: options.name };
  const library = withDocument(options.library ?? EMPTY_LIBRARY, self, text);
  const own = partFindings(parsed.value, options.name, library).placed;
  const set = fromTheSet(self, options, library, own);
  const problems = [...early, ...placeAll(parsed, [...own, ...set.placed])];
  return { doc: null, ...inTextOrder(problems), usedBy: set.usedBy };
}

/** The screen's id must be its file's name. */
function idMismatch(id: string, file: string): Problem | null {
  return id === file
    ? null
    : {
        pointer: '/id',
        message: `the screen's id '${id}' does not match its file name (${file}.json): make it '${file}'`,
        keyword: 'id',
        severity: 'error',
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
  const early = parseProblems(parsed);
  const kind = parsed.syntax.length > 0 ? null : kindProblem('manifest', parsed.value);
  if (parsed.syntax.length > 0 || kind)
    return { manifest: null, ...inTextOrder(withKind(parsed, early, kind)) };
  const result = validateManifest(parsed.value);
  const found = result.ok ? checkManifest(result.manifest, screenIds) : result.errors;
  return {
    manifest: result.ok ? result.manifest : null,
    ...inTextOrder([...early, ...placeAll(parsed, found)]),
  };
}
