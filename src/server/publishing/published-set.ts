// What borrowers get: the live revision of every served document, in memory, with its ETag and
// gzip made once. Rebuilt (reusing what did not change) whenever a publication lands; requests
// never read the database. A screen that uses parts or is a variant is served expanded, to every
// client: the text as written is the studio's and `screens:export`'s (docs/decisions.md, issue 18).
import { gzipSync } from 'node:zlib';
import type { ScreensManifest } from '../../../renderer/types.gen.js';
import { safeJson } from '../../config/inject.js';
import { MANIFEST_ELEMENT_ID } from '../../wire/page.js';
import { strongEtag } from '../lib/etag.js';
import type { ScreenFile } from '../lib/screen-files.js';
import type { ContentSet } from './content-set.js';
import { kindOf } from './kinds.js';
import { ExpansionError } from './serve.js';

interface Served extends ScreenFile {
  revisionId: number;
}

export interface Published {
  /** The newest publication id when it was read: it changes with every publication. */
  version: number;
  set: ContentSet;
  /** A document by its address under /screens/ ('loan-details.json', 'manifest.json'), expanded. */
  file(rel: string): ScreenFile | null;
  /** The live manifest, when it is valid. */
  manifest: ScreensManifest | null;
  /** The manifest as a data tag for the app's pages (the app reads routes from it at run time). */
  manifestTag: string;
}

/**
 * A served document. `written` is the revision's own text: when the served text differs (parts or
 * a base were put in place), the expansion's fingerprint goes with the revision id, so that a
 * part's publication gives the screen a new version in the events as well as a new ETag.
 */
export function servedFile(revisionId: number, text: string, written: string = text): Served {
  const body = Buffer.from(text, 'utf8');
  const etag = strongEtag(body);
  let zipped: Buffer | null = null;
  return {
    revisionId,
    ...(text === written ? {} : { expansion: etag.replace(/"/g, '').slice(0, 8) }),
    etag,
    body,
    gzip: () => (zipped ??= gzipSync(body, { level: 9 })),
  };
}

const reuse = (
  before: Served | null | undefined,
  revisionId: number,
  text: string,
  written: string,
): Served =>
  before && before.revisionId === revisionId && before.body.toString('utf8') === text
    ? before
    : servedFile(revisionId, text, written);

export function buildPublished(set: ContentSet, version: number, previous?: Published | null): Published {
  const files = new Map<string, Served>();
  for (const doc of set.all()) {
    const spec = kindOf(doc.kind);
    if (!spec) continue;
    const path = spec.path(doc.name);
    const before = previous?.file(path) as Served | null | undefined;
    let text: string | null;
    try {
      // The "expand before serving" step (issue 18): a screen's parts and base put in place.
      text = spec.serve(doc.name, doc.text, set);
    } catch (error) {
      if (!(error instanceof ExpansionError)) throw error;
      // Publications are checked, so this takes a document that slipped through (a checker bug):
      // borrowers keep what they had, or get the text as written, which their app refuses in
      // favour of its last good copy.
      if (before) files.set(path, before);
      else files.set(path, servedFile(doc.revisionId, doc.text));
      continue;
    }
    if (text === null) continue;
    files.set(path, reuse(before, doc.revisionId, text, doc.text));
  }
  const manifest = set.manifest();
  let manifestTag = '';
  if (manifest) {
    const { $schema: _schema, ...rest } = manifest as ScreensManifest & { $schema?: string };
    manifestTag = `<script type="application/json" id="${MANIFEST_ELEMENT_ID}">${safeJson(rest)}</script>`;
  }
  return {
    version,
    set,
    file: (rel) => files.get(rel) ?? null,
    manifest,
    manifestTag,
  };
}
