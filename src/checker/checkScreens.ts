// Checks a screens folder (screens:check): reads the manifest, every screen, every part and the
// studio's scenarios, and checks each with the text checks the studio and the server use
// (checkText.ts), in the folder's library, so all three say the same about a document. Each
// problem names its file, as `display` shows it. Node only.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { UrlPolicy } from '../../renderer/url';
import type { Problem } from '../../renderer/validate/problem';
import type { ScreensManifest } from '../../renderer/types.gen';
import { libraryOf, type Library } from '../parts/library';
import { checkScenarios } from './checkScenarios';
import { checkManifestText, checkPartText, checkScreenText } from './checkText';

export interface FolderCheck {
  /** Every problem, with its file, line and column. */
  problems: Problem[];
  documents: number;
  /** Parts (screens/parts/*.json). */
  parts: number;
}

const MANIFEST = 'manifest.json';
const PARTS = 'parts';

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
export function checkScreens(dir: string, display: (path: string) => string, urls?: UrlPolicy): FolderCheck {
  const problems: Problem[] = [];
  const inFile = (path: string, found: readonly Problem[]) =>
    problems.push(...found.map((p) => ({ ...p, file: display(path) })));
  const library = folderLibrary(dir);
  const screens = library.names('screen');
  const parts = library.names('part');

  let manifest: ScreensManifest | null = null;
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath))
    inFile(manifestPath, [
      {
        pointer: '',
        message: 'the manifest is missing: every screen must be reachable from screens/manifest.json',
        keyword: 'missing',
        severity: 'error',
        line: 1,
        column: 1,
      },
    ]);
  else {
    const checked = checkManifestText(readFileSync(manifestPath, 'utf8'), new Set(screens));
    manifest = checked.manifest;
    inFile(manifestPath, checked.problems);
  }
  const options = { manifest, urls, library };
  for (const id of screens)
    inFile(
      join(dir, `${id}.json`),
      checkScreenText(library.get('screen', id)!.text!, { ...options, id }).problems,
    );
  for (const name of parts)
    inFile(
      join(dir, PARTS, `${name}.json`),
      checkPartText(library.get('part', name)!.text!, { ...options, name }).problems,
    );
  problems.push(...checkScenarios(dir, new Set(screens), display));
  problems.sort(
    (a, b) =>
      a.file!.localeCompare(b.file!) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
  return { problems, documents: screens.length, parts: parts.length };
}
