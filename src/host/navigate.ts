// Host.navigate and Host.back. Every target passes safeUrl again (ruling 11, D-31). Own-origin
// targets (app paths and absolute URLs of this origin) may carry the common parameters (P-05,
// D-50: those not already present, via the URL API); other origins do only when the engine asks
// for 'anyOrigin' (an address the server sent for it: lendDetailsUrl, D-50). Otherwise another
// origin never gets them (D-34), not even as query fields the screen added. App paths the router
// knows change the route; anything else is a page load.
import type { NavigateOptions } from '../../renderer/host';
import { carries, safeUrl } from '../../renderer/url';
import { IDENTITY_IDS } from '../config/sessionParams';
import { fieldText } from './fields';

/** The page's router, as the host sees it. */
export interface RouterPort {
  /** Whether this page's router shows the path (otherwise the browser loads it). */
  handles(pathname: string): boolean;
  navigate(to: string, options: { replace: boolean }): void;
}

export interface NavigatorDeps {
  location: Pick<Location, 'href' | 'origin' | 'assign' | 'replace'>;
  history: Pick<History, 'back' | 'state' | 'length'>;
  commonParams(): Record<string, string>;
  router(): RouterPort | null;
  warn?(message: string): void;
}

/** Where a navigation goes: the final URL, and whether it stays on this origin. */
/** A hash route's own address (/promo/#/download?down_id=1 -> /download?down_id=1), or null. */
export function hashRouteOf(url: URL): URL | null {
  return url.hash.startsWith('#/') ? new URL(url.hash.slice(1), url.origin) : null;
}

const pagePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** The identity values among the common parameters (the rest, such as osVersion, are not secrets). */
export const identityOf = (common: Record<string, string>): string[] =>
  IDENTITY_IDS.map((k) => common[k]).filter((v): v is string => !!v);

export function resolveTarget(
  to: string,
  options: NavigateOptions,
  base: string,
  common: Record<string, string>,
): { url: URL; own: boolean } | null {
  const safe = safeUrl(to);
  if (safe === null) return null;
  const url = new URL(safe, base);
  const own = url.origin === new URL(base).origin;
  const carry = own
    ? options.commonParams === true || options.commonParams === 'anyOrigin'
    : options.commonParams === 'anyOrigin';
  if (carry) {
    for (const [key, value] of Object.entries(common)) {
      if (!url.searchParams.has(key)) url.searchParams.append(key, value);
    }
  }
  // The session and device ids never leave for another origin by the back door of the query.
  const identity = carry || own ? [] : identityOf(common);
  // A hash route reads its query from the hash, so the screen's query goes there.
  const route = hashRouteOf(url);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    const text = fieldText(value);
    if (text !== undefined && !identity.some((id) => carries(text, id)))
      (route ?? url).searchParams.set(key, text);
  }
  if (route) url.hash = `#${route.pathname}${route.search}`;
  return { url, own };
}

export function createNavigator(deps: NavigatorDeps) {
  const warn = deps.warn ?? console.warn;

  function navigate(to: string, options: NavigateOptions = {}): void {
    const target = resolveTarget(to, options, deps.location.href, deps.commonParams());
    if (!target) {
      warn(`navigate: refused ${JSON.stringify(String(to).slice(0, 200))}`);
      return;
    }
    const { url, own } = target;
    const replace = options.replace === true;
    const router = own ? deps.router() : null;
    // A hash route of this very page (promotion landing -> download) stays in its router.
    const route = router ? hashRouteOf(url) : null;
    if (
      router &&
      route &&
      pagePath(url.pathname) === pagePath(new URL(deps.location.href).pathname) &&
      router.handles(route.pathname)
    ) {
      router.navigate(route.pathname + route.search, { replace });
      return;
    }
    if (router && router.handles(url.pathname)) {
      router.navigate(url.pathname + url.search + url.hash, { replace });
      return;
    }
    const href = own ? url.pathname + url.search + url.hash : url.href;
    if (replace) deps.location.replace(href);
    else deps.location.assign(href);
  }

  function back(fallback?: string): void {
    const state = deps.history.state as { idx?: unknown } | null;
    const idx = typeof state?.idx === 'number' ? state.idx : undefined;
    const canGoBack = idx !== undefined ? idx > 0 : deps.history.length > 1;
    if (canGoBack || !fallback) deps.history.back();
    // The fallback is an app page: like any app path it carries the session parameters.
    else navigate(fallback, { replace: true, commonParams: true });
  }

  return { navigate, back };
}
