// Session and device parameters from the query string (spec §2, §7.1; P-01..P-05).
//
// The common parameters are every query parameter of the page's URL at entry, with the
// productId/product_id aliases filled. They go on every API call and, when a screen asks, on
// internal navigations (never on external addresses, D-34). refreshCommonParams() re-reads the
// current URL on demand; session/device keys the new URL lacks keep their old values.
import { COOKIE_KEYS, SESSION_KEYS, type HeaderName } from '../config/sessionParams';
import { getCookie, setCookie } from './cookies';

export { COOKIE_KEYS, SESSION_KEYS, type HeaderName } from '../config/sessionParams';
export const SESSION_COOKIE = 'lender_session';

export type Params = Record<string, string>;

/** productId and product_id are aliases: whichever is present fills the other (P-02). */
export function fillAliases(params: Params): Params {
  const out = { ...params };
  if (out.productId && !out.product_id) out.product_id = out.productId;
  else if (out.product_id && !out.productId) out.productId = out.product_id;
  return out;
}

/** The query of a location: the search part, plus the query inside a hash route (/promo/#/landing?id=1). */
export function queryOf(loc: Pick<Location, 'search' | 'hash'>): Params {
  const out: Params = Object.create(null) as Params;
  const read = (query: string) => {
    for (const [key, value] of new URLSearchParams(query)) out[key] = value;
  };
  read(loc.search);
  const q = loc.hash.indexOf('?');
  if (q !== -1) read(loc.hash.slice(q + 1));
  return fillAliases({ ...out });
}

export interface Session {
  /** The common parameters, appended to API calls and internal navigations. */
  commonParams(): Params;
  /** Re-reads the current URL (P-04). */
  refreshCommonParams(): Params;
  /** The header value of a same-named query parameter, '' when absent (P-03). */
  header(name: HeaderName): string;
}

function readCookie(doc: Document | undefined): Params {
  if (!doc) return {};
  try {
    const raw = getCookie(SESSION_COOKIE, doc);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    const out: Params = {};
    for (const key of COOKIE_KEYS) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string') out[key] = value;
    }
    return out;
  } catch {
    return {};
  }
}

function writeCookie(doc: Document | undefined, params: Params): void {
  if (!doc) return;
  const kept: Params = {};
  for (const key of COOKIE_KEYS) if (params[key]) kept[key] = params[key];
  if (Object.keys(kept).length > 0) setCookie(SESSION_COOKIE, JSON.stringify(kept), doc);
}

export function createSession(
  loc: Pick<Location, 'search' | 'hash'> = window.location,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): Session {
  const hasIdentity = (p: Params) => COOKIE_KEYS.some((key) => p[key]);
  let common = queryOf(loc);
  // A page opened with no identity at all (reopened from history) falls back to the last one seen.
  if (hasIdentity(common)) writeCookie(doc, common);
  else common = { ...readCookie(doc), ...common };

  return {
    commonParams: () => ({ ...common }),
    refreshCommonParams() {
      const fresh = queryOf(loc);
      const kept: Params = {};
      for (const key of SESSION_KEYS) if (common[key] && !fresh[key]) kept[key] = common[key];
      common = fillAliases({ ...kept, ...fresh });
      if (hasIdentity(fresh)) writeCookie(doc, common);
      return { ...common };
    },
    header: (name) => common[name] ?? '',
  };
}
