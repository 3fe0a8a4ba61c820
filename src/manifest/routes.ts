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

/** The screen the router shows for a path (as React Router matches: case and a trailing slash ignored). */
export function screenForPath(entries: readonly RouteEntry[], pathname: string): string | null {
  const wanted = normalPath(pathname);
  return entries.find((e) => normalPath(e.path) === wanted)?.screen ?? null;
}

/** The promotion page and query of a hash route (`#/landing?id=1`), or null for any other hash. */
export function promoRoute(hash: string): { page: PromoPage; query: URLSearchParams } | null {
  const match = /^#?\/([^?]*?)\/?(?:\?(.*))?$/.exec(hash);
  const page = match?.[1] as PromoPage | undefined;
  if (!page || !PROMO_PAGES.includes(page)) return null;
  return { page, query: new URLSearchParams(match?.[2] ?? '') };
}
