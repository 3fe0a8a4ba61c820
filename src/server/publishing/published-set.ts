// What borrowers get: the live revision of every served document, in memory, with its ETag and
// gzip made once. Rebuilt (reusing what did not change) whenever a publication lands; requests
// never read the database. A screen that uses parts or is a variant has two representations: what
// the app renders (expanded: `file`), and the document as written (`written`), which is what a
// request that does not come from the engine gets (docs/decisions.md, issue 18).
import { gzipSync } from 'node:zlib';
import type { ScreensManifest } from '../../../renderer/types.gen.js';
import { safeJson } from '../../config/inject.js';
import { MANIFEST_ELEMENT_ID } from '../../app/inlineScreen.js';
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
  /** A document by its address under /screens/ ('loan-details.json', 'manifest.json'), as the app gets it. */
  file(rel: string): ScreenFile | null;
  /** The same document as written (a screen that uses parts, unexpanded); the same file for the others. */
  written(rel: string): ScreenFile | null;
  /** The live manifest, when it is valid. */
  manifest: ScreensManifest | null;
  /** The manifest as a data tag for the app's pages (the app reads routes from it at run time). */
  manifestTag: string;
}

function served(revisionId: number, text: string): Served {
  const body = Buffer.from(text, 'utf8');
  let zipped: Buffer | null = null;
  return { revisionId, etag: strongEtag(body), body, gzip: () => (zipped ??= gzipSync(body, { level: 9 })) };
}

const reuse = (before: Served | null | undefined, revisionId: number, text: string): Served =>
  before && before.revisionId === revisionId && before.body.toString('utf8') === text
    ? before
    : served(revisionId, text);

export function buildPublished(set: ContentSet, version: number, previous?: Published | null): Published {
  const files = new Map<string, Served>();
  const written = new Map<string, Served>();
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
      else files.set(path, served(doc.revisionId, doc.text));
      continue;
    }
    if (text === null) continue;
    const file = reuse(before, doc.revisionId, text);
    files.set(path, file);
    if (text !== doc.text)
      written.set(
        path,
        reuse(previous?.written(path) as Served | null | undefined, doc.revisionId, doc.text),
      );
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
    written: (rel) => written.get(rel) ?? files.get(rel) ?? null,
    manifest,
    manifestTag,
  };
}
