// The one route table (rulings 13-15): screens/manifest.json read the same way by the app and the server.
import type { AppConfig } from '../config/types';
import type { ScreensManifest } from '../../renderer/types.gen';

export type PromoPage = 'landing' | 'download' | 'agreement';

/** screens/manifest.json (schemas/manifest.schema.json). */
export type Manifest = ScreensManifest;

/** Pages of the app shell itself (plain React, not screen documents). */
export const SHELL_PATHS = ['/error'] as const;

export interface RouteEntry {
  path: string;
  screen: string;
}

/** Every path (aliases included) of the routes whose config flag, if any, is on. */
export function routeEntries(manifest: Manifest, config: Partial<AppConfig>): RouteEntry[] {
  const out: RouteEntry[] = [];
  const seen = new Set<string>(SHELL_PATHS);
  for (const route of manifest.routes) {
    if (route.flag && (config as Record<string, unknown>)[route.flag] !== true) continue;
    for (const path of [route.path, ...(route.aliases ?? [])]) {
      if (seen.has(path)) continue;
      seen.add(path);
      out.push({ path, screen: route.screen });
    }
  }
  return out;
}

export const PROMO_PAGES: readonly PromoPage[] = ['landing', 'download', 'agreement'];

/** The template document of a promotion page for its query, or null (a clear not-found page). */
export function promoScreen(manifest: Manifest, page: PromoPage, query: URLSearchParams): string | null {
  const entry = manifest.promo?.[page];
  if (!entry) return null;
  const id = query.get(entry.param ?? 'id');
  if (id === null || id === '') return entry.default ?? null;
  return Object.prototype.hasOwnProperty.call(entry.templates, id) ? (entry.templates[id] ?? null) : null;
}

const normalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/**
 * Whether a path names a page: case and a trailing slash ignored, as React Router matched static
 * paths. The one matching rule of the app (its routes, its first screen, its embedded screens) and
 * of the server's page (src/server/lib/inline-screen.ts), so all of them agree on a page's screen.
 */
export function samePath(page: string, pathname: string): boolean {
  return normalPath(page) === normalPath(pathname);
}

/** The screen the app shows for a path, or null. */
export function screenForPath(entries: readonly RouteEntry[], pathname: string): string | null {
  return entries.find((e) => samePath(e.path, pathname))?.screen ?? null;
}

/** Whether a path is a page of the app shell itself (the error page). */
export function isShellPath(pathname: string): boolean {
  return SHELL_PATHS.some((path) => samePath(path, pathname));
}

/** The promotion page a hash route's path names (`/landing`), or null. */
export function promoPage(pathname: string): PromoPage | null {
  return PROMO_PAGES.find((page) => samePath(`/${page}`, pathname)) ?? null;
}

/**
 * Whether a path is the promotion entry's (`/promo/`, `/promo/landing`...): the server serves
 * promo.html. Case and a trailing slash ignored, as for every other page (samePath).
 */
export function isPromoPath(pathname: string): boolean {
  return /^\/promo(\/|$)/.test(normalPath(pathname));
}

/** Where the promotion entry's router is mounted for its server-visible addresses. */
export const PROMO_BASE = '/promo';

/**
 * The promotion page and query of a server-visible address (`/promo/landing?id=1`, issue 26 item 3:
 * the hash form's page and query with `#/` left out, so the server sees the template id), or null.
 */
export function promoPathRoute(
  pathname: string,
  search: string,
): { page: PromoPage; query: URLSearchParams } | null {
  return isPromoPath(pathname) ? promoRoute(pathname.slice(PROMO_BASE.length) + search) : null;
}

/** The query that picks a promotion page's template (`id=3`, `down_id=1`). */
function templateQuery(manifest: Manifest, page: PromoPage, templateId: string): string {
  return new URLSearchParams({ [manifest.promo?.[page]?.param ?? 'id']: templateId }).toString();
}

/**
 * The server-visible address of a promotion template (`/promo/landing?id=3`), or of the page
 * without one (its default): what the studio hands out for campaigns.
 */
export function promoAddress(manifest: Manifest, page: PromoPage, templateId?: string): string {
  return (
    `${PROMO_BASE}/${page}` +
    (templateId === undefined ? '' : `?${templateQuery(manifest, page, templateId)}`)
  );
}

/**
 * The query of the first promotion template that shows `screen` (`id=1`), or '' when none does: a
 * preview link of its draft carries it, so the page loads that template's data as a campaign would.
 */
export function templateQueryOf(manifest: Manifest, screen: string): string {
  for (const page of PROMO_PAGES)
    for (const [id, doc] of Object.entries(manifest.promo?.[page]?.templates ?? {}))
      if (doc === screen) return templateQuery(manifest, page, id);
  return '';
}

/** The promotion page and query of a hash route (`#/landing?id=1`), or null for any other hash. */
export function promoRoute(hash: string): { page: PromoPage; query: URLSearchParams } | null {
  const match = /^#?(\/[^?]*)(?:\?(.*))?$/.exec(hash);
  const page = match ? promoPage(match[1]!) : null;
  return page ? { page, query: new URLSearchParams(match?.[2] ?? '') } : null;
}
