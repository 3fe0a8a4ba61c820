// The promotion entry draws the current version from its first paint (issue 29 §1). At its hash
// address (/promo/#/landing?id=1) the route is in the hash, which the server never sees, so the page
// cannot carry the screen's document; at its server-visible address (/promo/landing?id=1, issue 26
// item 3) the page carries it, as route pages do, and that document is current by definition. Either
// way the page carries a map of the current version of each promotion screen for this borrower
// (their arm of an experiment included): `<script type="application/json"
// id="screen-current">{"promo-landing-classic": "<content tag>"}</script>`
// (src/server/lib/current-screens.ts). A kept copy the map says is replaced (a publication, an
// experiment started, promoted or stopped, a promotion's end) is not drawn: the current one is
// fetched. The kept copy stays for what it is for: it is drawn when the network is down (the
// loader's fallback) or slow (after STALE_GRACE_MS), and the fetched version is kept for the next
// visit. Promotion entry only (the main entry's pages carry their document).
import { CURRENT_ELEMENT_ID } from '../wire/page';
import type { ScreenLoad, ScreenLoader } from './loadScreen';

/** How long a replaced kept copy waits for the current version before a slow network draws it. */
export const STALE_GRACE_MS = 3_000;

/** The map the server put in the page, or null (a page it did not serve, or a broken tag). */
export function readCurrent(doc: Document = document): Record<string, string> | null {
  try {
    const value = JSON.parse(doc.getElementById(CURRENT_ELEMENT_ID)?.textContent ?? 'null') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, string>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A content's tag as the map writes it: the ETag without `W/`, the gzipped representation's
 * `-gzip` mark (src/server/lib/etag.ts) and the quotes. An arm's tag keeps its label.
 */
export const contentTag = (etag: string): string => etag.replace(/^W\/|-gzip(?="$)|"/g, '');

/** The loader, with kept copies the page's map says are replaced held back (see the header). */
export function currentFirst(loader: ScreenLoader, current: Record<string, string>): ScreenLoader {
  /**
   * Whether the kept copy of `id` is a version the server has replaced; false without one, and
   * false when the page carries the document itself (the page's is what the loader hands out).
   */
  function replaced(id: string): boolean {
    const now = current[id];
    if (typeof now !== 'string' || loader.fromPage(id)) return false;
    const etag = loader.keptTag(id);
    return etag !== null && contentTag(etag) !== now;
  }

  return {
    ...loader,
    peek: (id) => (replaced(id) ? null : loader.peek(id)),
    load(id) {
      if (!replaced(id)) return loader.load(id);
      return new Promise<ScreenLoad>((resolve) => {
        const slow = setTimeout(() => {
          const kept = loader.peek(id);
          if (kept) resolve({ status: 'ready', doc: kept, from: 'cache' });
        }, STALE_GRACE_MS);
        // Down: the loader falls back to the kept copy itself. Either way the current version, once
        // here, is kept for the next visit.
        void loader.load(id).then((result) => {
          clearTimeout(slow);
          resolve(result);
        });
      });
    },
    // A kept copy the map confirms needs no question to the server.
    revalidate: (id) =>
      typeof current[id] === 'string' && !replaced(id) ? Promise.resolve('unchanged') : loader.revalidate(id),
  };
}
