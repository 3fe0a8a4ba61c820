// Session and device parameters from the query string (spec §2, §7.1; P-01..P-05).
//
// The common parameters are the query parameters of the page's *current* URL, with the
// productId/product_id aliases filled, read again on every call and every navigation: after an
// in-app route change the new URL's parameters win (issue 16 item 1). They go on every API call and,
// when a screen asks, on internal navigations (never on external addresses, D-34).
//
// The identity part (COOKIE_KEYS) is also kept in the `lender_session` cookie, which supplies it
// only when the current URL carries no identity at all: an own page reached from an address that
// lost the query (a payment provider's way back, a server-made link). The page itself must read the
// cookie (the identity goes into each call's query string, §6/§7.1), so it cannot be HttpOnly; it
// lives SESSION_COOKIE_MAX_AGE_S after the last page that carried an identity, and is Secure on
// https (issue 20 §1, docs/decisions.md).
import { getCookie, setCookie } from './cookies';

import { COOKIE_KEYS, SESSION_COOKIE, type HeaderName } from '../config/sessionParams';
export { COOKIE_KEYS, SESSION_COOKIE, SESSION_KEYS, type HeaderName } from '../config/sessionParams';
/** 30 minutes: long enough for a trip to a payment provider and back, renewed while the borrower moves on. */
export const SESSION_COOKIE_MAX_AGE_S = 30 * 60;
/** The cookie is written again (its life renewed) at most this often while the identity stays the same. */
const COOKIE_RENEW_MS = 60_000;

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
  /** The same as commonParams(): the current URL is read on every call anyway (P-04). */
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

type SessionLocation = Pick<Location, 'search' | 'hash'> & Partial<Pick<Location, 'protocol'>>;

export function createSession(
  loc: SessionLocation = window.location,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
  now: () => number = () => Date.now(),
): Session {
  const hasIdentity = (p: Params) => COOKIE_KEYS.some((key) => p[key]);
  let written = '';
  let writtenAt = -Infinity;

  function keep(params: Params): void {
    if (!doc) return;
    const kept: Params = {};
    for (const key of COOKIE_KEYS) if (params[key]) kept[key] = params[key];
    const value = JSON.stringify(kept);
    if (value === written && now() - writtenAt < COOKIE_RENEW_MS) return;
    written = value;
    writtenAt = now();
    setCookie(SESSION_COOKIE, value, doc, {
      maxAgeSeconds: SESSION_COOKIE_MAX_AGE_S,
      secure: loc.protocol === 'https:',
    });
  }

  // The query is read again whenever the address changed, and only then: every API call reads it
  // three times (its parameters, then each client header), and parsing it each time was a good
  // part of a call's cost on the server's first draw (issue 26). A copy goes out: callers own it.
  let readFrom: string | null = null;
  let read: Params = {};
  function query(): Params {
    const text = `${loc.search}#${loc.hash}`;
    if (text !== readFrom) {
      read = queryOf(loc);
      readFrom = text;
    }
    return read;
  }

  function current(): Params {
    const fromUrl = { ...query() };
    if (hasIdentity(fromUrl)) {
      keep(fromUrl);
      return fromUrl;
    }
    // No identity in this URL at all: the last one seen supplies it (never mixed with a URL's own).
    return fillAliases({ ...readCookie(doc), ...fromUrl });
  }

  current();
  return {
    commonParams: current,
    refreshCommonParams: current,
    header: (name) => query()[name] ?? '',
  };
}
