// Build time (Vite plugin): the `sources` and initial `state` of every screen document, as the
// virtual module "virtual:screen-sources". The app starts those calls while the document itself
// is still on its way (src/app/prefetch.ts), so a first visit waits for one round trip, not two.
// Only this small table is bundled; the documents themselves come from the server.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:screen-sources';
const RESOLVED = `\0${ID}`;

export interface SourcesEntry {
  sources: unknown[];
  state?: unknown;
}

export function collectSources(dir: string): Record<string, SourcesEntry> {
  const table: Record<string, SourcesEntry> = {};
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'manifest.json');
  } catch {
    return table;
  }
  for (const file of files.sort()) {
    try {
      const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      if (typeof doc.id !== 'string' || !Array.isArray(doc.sources) || doc.sources.length === 0) continue;
      table[doc.id] =
        doc.state === undefined ? { sources: doc.sources } : { sources: doc.sources, state: doc.state };
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

/** /promo and /promo/ serve promo.html in the dev server and `vite preview`, as the real server does. */
export function promoEntry(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && /^\/promo\/?(\?|$)/.test(req.url)) req.url = req.url.replace(/^\/promo\/?/, '/promo.html');
    next();
  };
  return {
    name: 'lender-promo-entry',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}
