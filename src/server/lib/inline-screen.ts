import { validatorStamp } from '../../wire/stamp.js';
import { SCREEN_DOC_ELEMENT_ID } from '../../wire/page.js';
import {
  isShellPath,
  routeEntries,
  screenForPath,
  type Manifest,
  type RouteEntry,
} from '../../manifest/routes.js';
import type { AppConfig } from '../../config/types.js';
import { safeJson } from '../../config/inject.js';
import { validateScreenDocument } from '../../../renderer/validate/validateDocument.js';
import type { ScreenDocument } from '../../../renderer/types.gen.js';
import { needsLanguage } from '../../../renderer/lang/needs.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ScreenFile } from './screen-files.js';
import { screenVersion } from '../events/revision.js';

const REPO = new URL('../../../', import.meta.url).pathname;

/** The validators' fingerprint, as the app build computes it (src/wire/stamp.ts). */
export const SERVER_STAMP = validatorStamp(REPO);

/**
 * Screen documents checked with the app's own validators, verdicts cached by ETag: the valid
 * document, or null (not JSON, invalid, or not the screen it is served as).
 */
export function createScreenChecker() {
  const verdicts = new Map<string, ScreenDocument | null>();
  return (id: string, file: ScreenFile): ScreenDocument | null => {
    const key = `${id} ${file.etag}`;
    const known = verdicts.get(key);
    if (known !== undefined) return known;
    let doc: ScreenDocument | null = null;
    try {
      const result = validateScreenDocument(JSON.parse(file.body.toString('utf8')));
      if (result.ok && result.doc.id === id) doc = result.doc;
    } catch {
      // Not JSON.
    }
    if (verdicts.size > 500) verdicts.clear();
    verdicts.set(key, doc);
    return doc;
  };
}

/** The routes of a manifest's text (flags applied), or none when it is not a whole manifest. */
export function manifestRoutes(text: string, config: AppConfig): RouteEntry[] {
  try {
    const manifest = JSON.parse(text) as Manifest;
    return Array.isArray(manifest.routes) ? routeEntries(manifest, config) : [];
  } catch {
    return [];
  }
}

/** Whose page it is: a screen under an experiment is served as the borrower's own arm. */
export interface Borrower {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The screen of a page's route: its file as served, and the document when it is valid. */
export interface PageScreen {
  id: string;
  file: ScreenFile;
  doc: ScreenDocument | null;
}

interface Files {
  load(rel: string, borrower?: Borrower): Promise<ScreenFile | null>;
}

/**
 * The screen document of a route, for the page itself: `<script type="application/json"
 * id="screen-doc">` (data, allowed by the page CSP). The first screen then draws without
 * fetching its document, and without the validators (the largest part of the app's code): the
 * server validates it here, with the same validators, and stamps it with their fingerprint. A
 * document that fails validation is left out: the app fetches it and shows its error page or
 * the borrower's last good copy, as it always did. Verdicts are cached by ETag.
 */
export function createScreenInliner(files: Files, config: AppConfig) {
  let manifest: { etag: string; entries: RouteEntry[] } | null = null;
  const check = createScreenChecker();

  async function entries() {
    const file = await files.load('manifest.json');
    if (!file) return [];
    // A half-saved manifest has no entries: no inlining until it is whole again.
    if (manifest?.etag !== file.etag)
      manifest = { etag: file.etag, entries: manifestRoutes(file.body.toString('utf8'), config) };
    return manifest.entries;
  }

  const render = (id: string, file: ScreenFile, preview: boolean): string => {
    const doc = check(id, file);
    // Without a valid document the app fetches it and shows what it shows for a broken one.
    return doc
      ? `<script type="application/json" id="${SCREEN_DOC_ELEMENT_ID}">` +
          safeJson({
            id,
            etag: file.etag,
            stamp: SERVER_STAMP,
            ...screenVersion(file),
            doc,
            ...(needsLanguage(doc) ? { lang: true } : {}),
            ...(preview ? { preview: true } : {}),
          }) +
          '</script>'
      : '';
  };

  // Kept per version: serialising a document was a fifth of the page's time.
  const tags = new Map<string, string>();
  function tagFor(id: string, file: ScreenFile): string {
    const key = `${id} ${file.etag}`;
    const known = tags.get(key);
    if (known !== undefined) return known;
    const tag = render(id, file, false);
    if (tags.size > 500) tags.clear();
    tags.set(key, tag);
    return tag;
  }

  /** A screen by its id, as this borrower gets it (their arm of an experiment). */
  async function screenNamed(id: string, borrower?: Borrower): Promise<PageScreen | null> {
    const file = await files.load(`${id}.json`, borrower);
    return file ? { id, file, doc: check(id, file) } : null;
  }

  async function screenFor(pathname: string, borrower?: Borrower): Promise<PageScreen | null> {
    const id = screenForPath(await entries(), pathname);
    return id ? screenNamed(id, borrower) : null;
  }

  return {
    screenFor,
    screenNamed,
    /**
     * Whether the main entry has nothing at `pathname`: no route of the published manifest, and
     * not the shell's own page (/error). False while there is no readable manifest: its absence is
     * a broken publication, not a missing page.
     */
    async isMissing(pathname: string): Promise<boolean> {
      const known = await entries();
      return known.length > 0 && screenForPath(known, pathname) === null && !isShellPath(pathname);
    },
    /** The tag of a route's screen ('' when its document is not valid). */
    tagOf: (screen: PageScreen): string => tagFor(screen.id, screen.file),
    /** The tag for the page at `pathname`, or '' when the path has no valid screen document. */
    async scriptFor(pathname: string, borrower?: Borrower): Promise<string> {
      const screen = await screenFor(pathname, borrower);
      return screen ? tagFor(screen.id, screen.file) : '';
    },
    /** The tag of a draft on a preview link ('' when it is not a valid document). */
    previewScript: (id: string, file: ScreenFile): string => render(id, file, true),
  };
}
