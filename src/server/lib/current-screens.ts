import { CURRENT_ELEMENT_ID } from '../../wire/page.js';
import { safeJson } from '../../config/inject.js';
import type { Manifest } from '../../manifest/routes.js';
import type { Borrower } from './inline-screen.js';
import type { ScreenFile } from './screen-files.js';

interface Files {
  load(rel: string, borrower?: Borrower): Promise<ScreenFile | null>;
}

/** The screens a manifest's promotion templates name (each page's templates and its default). */
export function promoScreens(text: string): string[] {
  try {
    const manifest = JSON.parse(text) as Manifest;
    const ids = Object.values(manifest.promo ?? {}).flatMap((page) => [
      ...Object.values(page?.templates ?? {}),
      page?.default,
    ]);
    return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  } catch {
    return [];
  }
}

/** A document's version as the map gives it: its ETag without the quotes (an arm's keeps its label). */
export const versionTag = (etag: string): string => etag.replace(/"/g, '');

/**
 * The promotion page's map of current versions (issue 29 §1, src/app/currentScreens.ts): for each
 * promotion screen, the version this borrower gets now, their experiment arm included (reading it
 * marks the page as theirs, as the route pages' inline document does). A few dozen bytes a screen,
 * from memory.
 */
export function createCurrentScreens(files: Files) {
  let manifest: { etag: string; ids: string[] } | null = null;

  async function ids(): Promise<string[]> {
    const file = await files.load('manifest.json');
    if (!file) return [];
    if (manifest?.etag !== file.etag)
      manifest = { etag: file.etag, ids: promoScreens(file.body.toString('utf8')) };
    return manifest.ids;
  }

  return {
    /** The data tag, or '' when the manifest names no promotion screen. */
    async scriptFor(borrower: Borrower): Promise<string> {
      const map: Record<string, string> = {};
      for (const id of await ids()) {
        const file = await files.load(`${id}.json`, borrower);
        if (file) map[id] = versionTag(file.etag);
      }
      return Object.keys(map).length === 0
        ? ''
        : `<script type="application/json" id="${CURRENT_ELEMENT_ID}">${safeJson(map)}</script>`;
    },
  };
}
