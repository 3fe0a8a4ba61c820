// The stylesheets of the x-lazy blocks a drawn document uses (issue 26 item 4). The phone loads a
// lazy block's stylesheet with its code, once the page's JavaScript runs; the server's drawing is
// painted before that, so without them its form fields, tabs and lists painted unstyled and jumped
// when the page hydrated (layout shift 0.03 to 0.09, tests/e2e/layout-shift.spec.ts). They are
// written into the drawn page's head, inline: each is a few hundred bytes, and as links they were
// render-blocking requests of their own, queued behind the page's scripts on a phone's few
// connections (repayment has four). A stylesheet that cannot be read is linked instead. Vite's
// loader later links them too, with the block's code: the same rules again, nothing moves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { namesIn } from '../../../renderer/lazyNames.js';
import { LAZY_STYLES_FILE } from '../../wire/page.js';

/** The build's table (dist/lazy-styles.json, src/app/build/lazyStyles.ts) and the stylesheets' text. */
export interface LazyStyles {
  /** Block type → the stylesheets' addresses, in the order they apply. */
  readonly byType: Readonly<Record<string, readonly string[]>>;
  /** Address → its text, for those read from the build. */
  readonly text: ReadonlyMap<string, string>;
}

/** Only the build's own assets: an address that is not one is dropped, never written into a page. */
const STYLESHEET = /^\/[\w./-]+\.css$/;
const NONE: LazyStyles = { byType: {}, text: new Map() };

/** The build's table in `dist`; empty when the build has none (the page is drawn as before). */
export function readLazyStyles(dist: string): LazyStyles {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dist, LAZY_STYLES_FILE), 'utf8'));
  } catch {
    return NONE;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return NONE;
  const byType: Record<string, string[]> = {};
  const text = new Map<string, string>();
  for (const [type, hrefs] of Object.entries(parsed)) {
    if (!Array.isArray(hrefs)) continue;
    byType[type] = hrefs.filter((href): href is string => typeof href === 'string' && STYLESHEET.test(href));
    for (const href of byType[type]) if (!text.has(href)) readInto(text, dist, href);
  }
  return { byType, text };
}

/** The stylesheet at `href` under `dist` (the build's base is the site's root), if it can be inlined. */
function readInto(text: Map<string, string>, dist: string, href: string): void {
  try {
    const css = readFileSync(join(dist, href.slice(1)), 'utf8');
    // Never a way out of <style>: such a sheet is linked.
    if (!css.includes('</')) text.set(href, css);
  } catch {
    // Linked instead.
  }
}

const headByDoc = new WeakMap<object, Map<LazyStyles, string>>();

/**
 * The head's part for the stylesheets of each lazy block anywhere in `doc` (body, modals,
 * branches) that `template` does not link already: inline where read, else linked. Made once per
 * document and table.
 */
export function lazyStylesHead(styles: LazyStyles, doc: object, template: string): string {
  let byTable = headByDoc.get(doc);
  const hit = byTable?.get(styles);
  if (hit !== undefined) return hit;
  const { blocks = [] } = namesIn(
    doc,
    (type) => Object.hasOwn(styles.byType, type),
    () => false,
  );
  const hrefs = new Set(blocks.flatMap((type) => styles.byType[type] ?? []));
  const head = [...hrefs]
    .filter((href) => !template.includes(`"${href}"`))
    .map((href) => {
      const css = styles.text.get(href);
      // crossorigin as Vite's loader makes its own links (and as the page's other stylesheets are).
      return css === undefined
        ? `<link rel="stylesheet" crossorigin href="${href}">`
        : `<style data-href="${href}">${css}</style>`;
    })
    .join('');
  if (!byTable) headByDoc.set(doc, (byTable = new Map()));
  byTable.set(styles, head);
  return head;
}
