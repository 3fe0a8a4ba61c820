// Checks a screens folder: the manifest and every screen document in it (schema, cross-references,
// lints), and places every problem at file:line:col.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { validateManifest, validateScreenDocument } from '../../renderer/validate/validateDocument';
import { checkDocument, checkManifest } from '../../renderer/validate/crossref';
import type { UrlPolicy } from '../../renderer/url';
import type { DocError } from '../../renderer/validate/messages';
import { splitPointer } from '../../renderer/validate/pointer';
import type { ScreensManifest } from '../../renderer/types.gen';
import { checkScenarios } from './checkScenarios';
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
}

const MANIFEST = 'manifest.json';

function place(file: string, parsed: ParsedJson, errors: readonly DocError[]): Finding[] {
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

/**
 * @param dir the screens folder; documents are its *.json files (subfolders hold other things:
 *   scenarios/ has the studio's scenarios, checked by checkScenarios; the others are skipped).
 * @param display how a file is named in the output (relative to the working directory).
 */
export function checkScreens(dir: string, display: (path: string) => string, urls?: UrlPolicy): CheckResult {
  const findings: Finding[] = [];
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.json') && f.name !== MANIFEST)
    .map((f) => f.name)
    .sort();
  const ids = new Set(files.map((f) => basename(f, '.json')));

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

  for (const name of files) {
    const path = join(dir, name);
    const file = display(path);
    const parsed = read(path);
    findings.push(...parseProblems(file, parsed));
    if (parsed.syntax.length > 0) continue;
    const result = validateScreenDocument(parsed.value);
    if (!result.ok) {
      findings.push(...place(file, parsed, result.errors));
      continue;
    }
    // In the checker a type this engine does not know is a mistake, not a newer document.
    const unknown: DocError[] = result.unknownTypes.map((u) => ({
      pointer: u.pointer,
      message: u.message,
      keyword: 'discriminator',
    }));
    // Inside a block that needs a newer engine: shown, not counted (today's apps show its fallback).
    for (const e of result.deferred ?? []) unknown.push({ ...e, severity: 'warning' });
    const id = basename(name, '.json');
    const own: DocError[] = [];
    if (result.doc.id !== id)
      own.push({
        pointer: '/id',
        message: `the screen's id '${result.doc.id}' does not match its file name (${name}): make it '${id}'`,
        keyword: 'id',
      });
    if (shown && !shown.has(id))
      own.push({
        pointer: '',
        message: `no route or promotion template in the manifest shows screen '${id}'`,
        keyword: 'unused',
        severity: 'warning',
      });
    findings.push(
      ...place(file, parsed, [...unknown, ...own, ...checkDocument(result.doc, { manifest, urls })]),
    );
  }
  findings.push(...checkScenarios(dir, ids, display));
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { findings, documents: files.length };
}
