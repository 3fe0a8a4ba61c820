// The stylesheets of the x-lazy blocks a drawn document uses (issue 26 item 4). The phone loads a
// lazy block's stylesheet with its code, once the page's JavaScript runs; the server's drawing is
// painted before that, so without them its form fields, tabs and lists painted unstyled and jumped
// when the page hydrated (layout shift 0.03 to 0.09, tests/e2e/layout-shift.spec.ts). Linked in the
// drawn page's head, they come beside the HTML; Vite's loader then finds them already there
// (same address) and adds none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { namesIn } from '../../../renderer/lazyNames.js';
import { LAZY_STYLES_FILE } from '../../wire/page.js';

/** Block type → the stylesheets' addresses (dist/lazy-styles.json, src/app/build/lazyStyles.ts). */
export type LazyStyles = Readonly<Record<string, readonly string[]>>;

/** Only the build's own assets: an address that is not one is dropped, never written into a page. */
const STYLESHEET = /^\/[\w./-]+\.css$/;

/** The build's table in `dist`; empty when the build has none (the page is drawn as before). */
export function readLazyStyles(dist: string): LazyStyles {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dist, LAZY_STYLES_FILE), 'utf8'));
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const styles: Record<string, string[]> = {};
  for (const [type, hrefs] of Object.entries(parsed))
    if (Array.isArray(hrefs))
      styles[type] = hrefs.filter(
        (href): href is string => typeof href === 'string' && STYLESHEET.test(href),
      );
  return styles;
}

const linksByDoc = new WeakMap<object, Map<LazyStyles, string>>();

/**
 * `<link rel="stylesheet">` for each stylesheet of a lazy block anywhere in `doc` (body, modals,
 * branches) that `template` does not link already. Made once per document and table.
 */
export function lazyStyleLinks(styles: LazyStyles, doc: object, template: string): string {
  let byTable = linksByDoc.get(doc);
  const hit = byTable?.get(styles);
  if (hit !== undefined) return hit;
  const { blocks = [] } = namesIn(
    doc,
    (type) => Object.hasOwn(styles, type),
    () => false,
  );
  const hrefs = new Set(blocks.flatMap((type) => styles[type] ?? []));
  // crossorigin as Vite's loader makes its own links (and as the page's other stylesheets are).
  const links = [...hrefs]
    .filter((href) => !template.includes(`"${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
  if (!byTable) linksByDoc.set(doc, (byTable = new Map()));
  byTable.set(styles, links);
  return links;
}
