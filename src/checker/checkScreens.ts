// Checks a screens folder: the manifest and every screen document in it (schema, cross-references,
// lints), and places every problem at file:line:col.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { validateManifest } from '../../renderer/validate/validateDocument';
import { checkManifest } from '../../renderer/validate/crossref';
import type { UrlPolicy } from '../../renderer/url';
import type { DocError } from '../../renderer/validate/messages';
import { splitPointer } from '../../renderer/validate/pointer';
import type { ScreensManifest } from '../../renderer/types.gen';
import { checkScenarios } from './checkScenarios';
import { MIN_RUN, OVERLAP_LIMIT, overlaps } from './overlap';
import { idMismatch } from './checkText';
import { dependentFindings, partFindings, placeIn, screenFindings, type Placed } from './expanded';
import { libraryOf, type DocRef, type Library } from '../parts/library';
import { offsetOf, parseJson, positionOf, type ParsedJson } from './jsonLocation';

export interface Finding {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  keyword: string;
  warning: boolean;
}

export interface CheckResult {
  findings: Finding[];
  documents: number;
  /** Parts (screens/parts/*.json). */
  parts: number;
}

const MANIFEST = 'manifest.json';
const PARTS = 'parts';

function place(file: string, parsed: ParsedJson, errors: readonly (DocError | Placed)[]): Finding[] {
  return errors.map((e) => {
    const { line, column } = positionOf(parsed.text, offsetOf(parsed.tree, splitPointer(e.pointer)));
    return {
      file,
      line,
      column,
      pointer: e.pointer,
      message: e.message,
      keyword: e.keyword,
      warning: e.severity === 'warning',
    };
  });
}

/** Syntax errors and fields written twice: problems JSON.parse hides or cannot get past. */
function parseProblems(file: string, parsed: ParsedJson): Finding[] {
  const at = (offset: number) => positionOf(parsed.text, offset);
  return [
    ...parsed.syntax.map((s) => ({
      file,
      ...at(s.offset),
      pointer: '',
      message: `JSON syntax: ${s.message}`,
      keyword: 'syntax',
      warning: false,
    })),
    ...parsed.duplicates.map((d) => ({
      file,
      ...at(d.offset),
      pointer: d.pointer,
      message: `the field '${d.key}' is written twice in the same object (only the last one counts)`,
      keyword: 'duplicate',
      warning: false,
    })),
  ];
}

function read(path: string): ParsedJson {
  return parseJson(readFileSync(path, 'utf8'));
}

function screensShown(manifest: ScreensManifest): Set<string> {
  const ids = new Set(manifest.routes.map((r) => r.screen));
  for (const page of Object.values(manifest.promo ?? {})) {
    Object.values(page?.templates ?? {}).forEach((id) => id && ids.add(id));
    if (page?.default) ids.add(page.default);
  }
  return ids;
}

/** The screens and parts of a folder as a library (screens/*.json, screens/parts/*.json). */
export function folderLibrary(dir: string): Library {
  const texts = (folder: string, skip: string[] = []) =>
    existsSync(folder)
      ? Object.fromEntries(
          readdirSync(folder, { withFileTypes: true })
            .filter((f) => f.isFile() && f.name.endsWith('.json') && !skip.includes(f.name))
            .map((f) => [basename(f.name, '.json'), readFileSync(join(folder, f.name), 'utf8')]),
        )
      : {};
  return libraryOf({ screens: texts(dir, [MANIFEST]), parts: texts(join(dir, PARTS)) });
}

/**
 * @param dir the screens folder; documents are its *.json files and parts/*.json (other subfolders
 *   hold other things: scenarios/ has the studio's scenarios, checked by checkScenarios).
 * @param display how a file is named in the output (relative to the working directory).
 */
export function checkScreens(dir: string, display: (path: string) => string, urls?: UrlPolicy): CheckResult {
  const findings: Finding[] = [];
  const library = folderLibrary(dir);
  const screens = library.names('screen');
  const ids = new Set(screens);

  let manifest: ScreensManifest | null = null;
  const manifestPath = join(dir, MANIFEST);
  const manifestName = display(manifestPath);
  if (!existsSync(manifestPath)) {
    findings.push({
      file: manifestName,
      line: 1,
      column: 1,
      pointer: '',
      message: 'the manifest is missing: every screen must be reachable from screens/manifest.json',
      keyword: 'missing',
      warning: false,
    });
  } else {
    const parsed = read(manifestPath);
    findings.push(...parseProblems(manifestName, parsed));
    if (parsed.syntax.length === 0) {
      const result = validateManifest(parsed.value);
      if (result.ok) {
        manifest = result.manifest;
        findings.push(...place(manifestName, parsed, checkManifest(manifest, ids)));
      } else findings.push(...place(manifestName, parsed, result.errors));
    }
  }
  const shown = manifest ? screensShown(manifest) : null;
  const o = { manifest, urls, library };

  for (const id of screens) {
    const file = display(join(dir, `${id}.json`));
    const parsed = parseJson(library.get('screen', id)!.text!);
    findings.push(...parseProblems(file, parsed));
    if (parsed.syntax.length > 0) continue;
    const self: DocRef = { kind: 'screen', name: id };
    const { accepted, found } = screenFindings(parsed.value, id, o);
    const own: Placed[] = placeIn(self, found, library);
    const mismatch = accepted ? idMismatch(accepted.id, id) : null;
    if (mismatch) own.push(mismatch);
    const dependents = dependentFindings(self, o, own);
    if (accepted && shown && !shown.has(id) && dependents.usedBy.length === 0)
      own.push({
        pointer: '',
        message: `no route or promotion template in the manifest shows screen '${id}'`,
        keyword: 'unused',
        severity: 'warning',
      });
    findings.push(...place(file, parsed, [...own, ...dependents.placed]));
  }
  for (const name of library.names('part')) {
    const file = display(join(dir, PARTS, `${name}.json`));
    const parsed = parseJson(library.get('part', name)!.text!);
    findings.push(...parseProblems(file, parsed));
    if (parsed.syntax.length > 0) continue;
    const self: DocRef = { kind: 'part', name };
    const own = partFindings(parsed.value, name, library).placed;
    const dependents = dependentFindings(self, o, own);
    if (dependents.usedBy.length === 0 && own.every((p) => p.severity === 'warning'))
      own.push({
        pointer: '',
        message: `no screen uses part '${name}'`,
        keyword: 'unused',
        severity: 'warning',
      });
    findings.push(...place(file, parsed, [...own, ...dependents.placed]));
  }
  findings.push(...checkScenarios(dir, ids, display));
  findings.push(...overlapFindings(dir, display));
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { findings, documents: screens.length, parts: library.names('part').length };
}

/** Every *.json under `dir`, as paths relative to it, in the order of their path segments. */
function jsonFiles(dir: string, at = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, at), { withFileTypes: true })) {
    const rel = at ? `${at}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...jsonFiles(dir, rel));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(rel);
  }
  const segments = (p: string) => p.split('/');
  return out.sort((a, b) => {
    const [x, y] = [segments(a), segments(b)];
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return x.length - y.length;
  });
}

/** Pairs of documents anywhere under the folder that share more than OVERLAP_LIMIT lines. */
export function overlapFindings(dir: string, display: (path: string) => string): Finding[] {
  const docs = jsonFiles(dir).map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
  return overlaps(docs)
    .filter((o) => o.shared > OVERLAP_LIMIT)
    .map((o) => ({
      file: display(join(dir, o.b)),
      line: 1,
      column: 1,
      pointer: '',
      message: `shares ${o.shared} lines with ${o.a} (in runs of ${MIN_RUN} or more; at most ${OVERLAP_LIMIT} allowed): make one a variant of the other, or move what they share into a part (screens/parts/)`,
      keyword: 'near-copy',
      warning: false,
    }));
}
