// Build time (Vite plugin): the `sources` and initial `state` of every screen document, and the
// x-lazy blocks and actions it uses, as the virtual module "virtual:screen-sources". The app
// starts those calls and downloads while the document itself is still on its way
// (src/app/prefetch.ts), so a first visit waits for one round trip, not two or three.
// Only this small table is bundled; the documents themselves come from the server. Screens are
// read as the server serves them: expanded (a variant's sources and blocks are its base's).
import type { Plugin } from 'vite';
import { isPromoPath } from '../../manifest/routes';
import { namesIn, type LazyNames } from '../../../renderer/lazyNames';
import { discriminatorOf, loadSchemas } from '../../schema-gen/schemas';
import { folderLibrary } from '../../checker/checkScreens';
import { resolveScreen } from '../../parts/resolve';

const ID = 'virtual:screen-sources';
const RESOLVED = `\0${ID}`;

export interface SourcesEntry {
  sources?: unknown[];
  state?: unknown;
  /** The x-lazy blocks and actions of the document (renderer/lazy.ts). */
  lazy?: LazyNames;
}

/** The block types and action names the schemas mark x-lazy. */
export function lazyVocabulary(): { blocks: Set<string>; actions: Set<string> } {
  const set = loadSchemas();
  const marked = (list: typeof set.blocks, key: 'type' | 'do') =>
    new Set(list.filter((s) => s['x-lazy'] === true).map((s) => discriminatorOf(s, key)));
  return { blocks: marked(set.blocks, 'type'), actions: marked(set.actions, 'do') };
}

/** What src/app/prefetch.ts reads of a source; its branches, expected shape and words stay out of the bundle. */
const PREFETCHED = ['do', 'api', 'method', 'path', 'body', 'query', 'files', 'when', 'timeoutMs'];

const prefetched = (source: unknown): unknown =>
  source && typeof source === 'object'
    ? Object.fromEntries(Object.entries(source).filter(([key]) => PREFETCHED.includes(key)))
    : source;

export function collectSources(dir: string): Record<string, SourcesEntry> {
  const table: Record<string, SourcesEntry> = {};
  const lazy = lazyVocabulary();
  // The folder's screens and parts, each read and parsed once (an empty library for no folder).
  const library = folderLibrary(dir);
  for (const id of library.names('screen')) {
    try {
      const written = library.get('screen', id)?.value;
      const doc = (resolveScreen(written, id, library).doc ?? {}) as Record<string, unknown>;
      if (typeof doc.id !== 'string') continue;
      const entry: SourcesEntry = {};
      if (Array.isArray(doc.sources) && doc.sources.length > 0) {
        entry.sources = doc.sources.map(prefetched);
        if (doc.state !== undefined) entry.state = doc.state;
      }
      const names = namesIn(
        doc,
        (type) => lazy.blocks.has(type),
        (name) => lazy.actions.has(name),
      );
      if (names.blocks?.length || names.actions?.length)
        entry.lazy = Object.fromEntries(Object.entries(names).filter(([, list]) => list.length > 0));
      if (Object.keys(entry).length > 0) table[doc.id] = entry;
    } catch {
      // A half-written document is the screens checker's business, not the build's.
    }
  }
  return table;
}

export function screenSources(dir: string): Plugin {
  return {
    name: 'lender-screen-sources',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      // Read once per build / dev-server start: a stale table only costs an unused read.
      if (id !== RESOLVED) return null;
      return `export default ${JSON.stringify(collectSources(dir))};`;
    },
  };
}

/**
 * Every address under /promo (the entry, the promotion pages' server-visible addresses such as
 * /promo/landing?id=1, and any other) serves promo.html in the dev server and `vite preview`, by the
 * real server's own rule (isPromoPath), which also draws the promotion pages.
 */
export function promoEntry(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const [path = '', query] = (req.url ?? '').split(/\?(.*)/s);
    if (isPromoPath(path)) req.url = `/promo.html${query === undefined ? '' : `?${query}`}`;
    next();
  };
  return {
    name: 'lender-promo-entry',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}
