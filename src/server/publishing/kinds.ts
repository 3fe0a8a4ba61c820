// The kinds of document the store holds, and what differs between them: valid names, where the
// baseline file lives, how a document is checked and what is served for it. Everything else
// (revisions, drafts, review, publication, import, export) is the same for every kind.
//
// Parts (screens/parts/*.json, issue 18) are checked, reviewed and published like screens but not
// served; the screen kind's `serve` expands the parts a screen uses and its base (serve.ts), so a
// published part changes the served bytes, hence the ETag, of every screen that uses it. Publishing
// a part, or a screen other screens are variants of, is also checked against those screens.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ScreensManifest } from '../../../renderer/types.gen.js';
import { checkDocument } from '../../../renderer/validate/crossref.js';
import { validateScreenDocument } from '../../../renderer/validate/validateDocument.js';
import type { Problem } from '../../../renderer/validate/problem.js';
import { checkManifestText, checkPartText, checkScreenText } from '../../checker/checkText.js';
import { servedDocument, servedScreen } from './serve.js';
import { loadConfig } from '../../config/load.js';
import { urlPolicyOf } from '../../config/origins.js';
import type { UrlPolicy } from '../../../renderer/url.js';
import type { ContentSet, SetDoc } from './content-set.js';
import type { DocKind } from './tables.js';
import { RESERVED_SCREEN_IDS, SCREEN_ID, screenIdProblem } from '../../wire/studio.js';

/** The kinds as a type: the table's own (tables.ts). */
export type Kind = DocKind;

export interface CheckContext {
  /** The live set with this document in place: what publishing it would make live. */
  candidate: ContentSet;
  /** The live set as it is. */
  live: ContentSet;
}

export interface KindSpec {
  kind: Kind;
  /** Why `name` cannot name a document of this kind, or null. */
  nameProblem(name: string): string | null;
  /** The baseline file, relative to the screens folder. */
  file(name: string): string;
  /** The names of the documents of this kind in a baseline folder. */
  baseline(dir: string): string[];
  check(name: string, text: string, context: CheckContext): Problem[];
  /**
   * The text served for a live document (after expansion), or null when it is not served itself.
   * Throws ExpansionError (serve.ts) when a screen cannot be expanded.
   */
  serve(name: string, text: string, live: ContentSet): string | null;
  /** Its address under /screens/. */
  path(name: string): string;
}

// The origins and app scheme documents may address: the same policy as screens:check and the CSP.
let urlPolicy: UrlPolicy | null = null;
const urls = () => (urlPolicy ??= urlPolicyOf(loadConfig(process.env)));

const jsonFiles = (dir: string, valid: (name: string) => boolean) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((f) => f.isFile() && f.name.endsWith('.json'))
        .map((f) => f.name.slice(0, -5))
        .filter(valid)
        .sort()
    : [];

/**
 * What the screens drawn from a document (variants of a screen, screens using a part) say about it
 * in the candidate set, less what they said already in the live one: a stricter checker in a
 * later release must not block every change of a part.
 */
function newProblems(candidate: Problem[], live: Problem[]): Problem[] {
  const before = new Set(live.filter((p) => p.dependent).map((p) => p.message));
  return candidate.filter((p) => !p.dependent || !before.has(p.message));
}

const screen: KindSpec = {
  kind: 'screen',
  nameProblem: screenIdProblem,
  file: (name) => `${name}.json`,
  baseline: (dir) => jsonFiles(dir, (name) => SCREEN_ID.test(name) && !RESERVED_SCREEN_IDS.has(name)),
  check(name, text, { candidate, live }) {
    const options = { id: name, manifest: candidate.manifest(), urls: urls() };
    const now = checkScreenText(text, { ...options, library: candidate.library() }).problems;
    if (!now.some((p) => p.dependent)) return now;
    const before = live.get('screen', name);
    return newProblems(
      now,
      before ? checkScreenText(before.text, { ...options, library: live.library() }).problems : [],
    );
  },
  serve: (name, text, live) => servedScreen(name, text, live.library()),
  path: (name) => `${name}.json`,
};

// Part names follow the same rule as screen ids.
const PART_NAME = SCREEN_ID;

const part: KindSpec = {
  kind: 'part',
  nameProblem: (name) =>
    PART_NAME.test(name)
      ? null
      : `'${name}' is not a part name: lower-case letters, digits and dashes, starting with a letter`,
  file: (name) => `parts/${name}.json`,
  baseline: (dir) => jsonFiles(join(dir, 'parts'), (name) => PART_NAME.test(name)),
  check(name, text, { candidate, live }) {
    const options = { name, manifest: candidate.manifest(), urls: urls() };
    const now = checkPartText(text, { ...options, library: candidate.library() }).problems;
    if (!now.some((p) => p.dependent)) return now;
    const before = live.get('part', name);
    return newProblems(
      now,
      before ? checkPartText(before.text, { ...options, library: live.library() }).problems : [],
    );
  },
  // Never served itself: it is in the screens that use it.
  serve: () => null,
  path: (name) => `parts/${name}.json`,
};

const manifest: KindSpec = {
  kind: 'manifest',
  nameProblem: (name) => (name === 'manifest' ? null : `the manifest is called 'manifest', not '${name}'`),
  file: () => 'manifest.json',
  baseline: (dir) => (existsSync(join(dir, 'manifest.json')) ? ['manifest'] : []),
  check(_name, text, { candidate, live }) {
    const checked = checkManifestText(text, new Set(candidate.names('screen')));
    if (!checked.manifest) return checked.problems;
    return [...checked.problems, ...brokenLinks(candidate, live)];
  },
  serve: (_name, text) => text,
  path: () => 'manifest.json',
};

/**
 * Links of live screens that the new manifest would break (a route they go to removed): errors
 * of the manifest, placed on its `routes`. Only new breakage counts, so a screen that a newer
 * checker finds fault with does not block every manifest change.
 */
function brokenLinks(candidate: ContentSet, live: ContentSet): Problem[] {
  const next = candidate.manifest();
  const before = live.manifest();
  const out: Problem[] = [];
  for (const doc of candidate.all()) {
    if (doc.kind !== 'screen') continue;
    const now = routeErrors(doc, candidate, next);
    if (now.length === 0) continue;
    const earlier = new Set(routeErrors(doc, live, before));
    for (const message of now)
      if (!earlier.has(message))
        out.push({
          from: 0,
          to: 1,
          line: 1,
          column: 1,
          pointer: '/routes',
          message: `screen '${doc.name}' links to a route this manifest removes: ${message}`,
          keyword: 'route-ref',
          severity: 'error',
        });
  }
  return out;
}

/** The route errors of a screen as served from `set` (expanded: a variant's links are its base's). */
function routeErrors(doc: SetDoc, set: ContentSet, manifest: ScreensManifest | null): string[] {
  if (!manifest) return [];
  let value: unknown;
  try {
    value = servedDocument(doc.name, doc.text, set.library());
  } catch {
    return [];
  }
  if (value === undefined) return [];
  const result = validateScreenDocument(value);
  if (!result.ok) return [];
  return checkDocument(result.doc, { manifest })
    .filter((e) => e.keyword === 'route-ref')
    .map((e) => e.message);
}

export const KINDS: Readonly<Record<Kind, KindSpec>> = { screen, part, manifest };
/** Import and check order: parts, then the screens that use them, then the manifest that names them. */
export const KIND_ORDER: readonly Kind[] = ['part', 'screen', 'manifest'];

export function kindOf(value: string): KindSpec | null {
  return Object.prototype.hasOwnProperty.call(KINDS, value) ? KINDS[value as Kind] : null;
}

export const errorCount = (problems: readonly Problem[]): number =>
  problems.filter((p) => p.severity === 'error').length;
