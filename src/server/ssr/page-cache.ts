// The shared copy of borrower pages drawn without anyone's data (issue 26 item 5). Drawing a page
// costs milliseconds; the same anonymous page of a document without sources (the official site, a
// landing) is the same bytes for every request that reads the same inputs, until the next
// publication. So it is drawn once per published set and kept (bounded, least recently used first
// out, a minute at most: the engine's clock moves too), and its ETag is its bytes' tag: a
// publication that changes the page changes the tag. A page with a borrower's data or an
// experiment's arm never comes here, nor one whose document has sources: nothing was answered may
// mean a source timed out or the API was down, which must not stay for everyone.
//
// What a drawing reads of the request (src/app/ssr/serverWindow.ts): its address (protocol, host,
// path, query), the lender_session cookie and the user agent (as a platform and a messaging app,
// src/config/userAgent.ts). A request that carries an identity (any of the session parameters in
// its query, or the lender_session cookie) is never shared: its page is drawn for it alone.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_PARAMS } from '../../config/sessionParams.js';
import { messagingAppOf, platformOf } from '../../config/userAgent.js';
import { VARIANT_HEADER } from '../events/revision.js';
import { sessionCookieValue } from '../lib/session-cookie.js';
import { DRAW_HEADER } from './draw.js';

export interface PageCache<V> {
  /** The page kept under `key` for the current published set, made fresher (last out). */
  get(key: string): V | undefined;
  set(key: string, value: V): V;
  /** Forget every page (the page's template was rebuilt). */
  clear(): void;
  readonly size: number;
}

/**
 * How long a kept page is served at most: a page can read the engine's clock (a greeting by the
 * hour, a countdown), which no publication moves.
 */
const SHARED_FOR_MS = 60_000;

/** How many pages are kept at most: a few per route and query, plus room for other hosts. */
const SHARED_PAGES = 500;

export interface PageCacheOptions {
  maxAgeMs?: number;
  /** The clock, in milliseconds (tests give their own). */
  now?: () => number;
}

/**
 * A bounded map of pages that empties itself when the published set's version moves (a
 * publication here or, heard through LISTEN/NOTIFY or the version check, on another instance),
 * each page kept at most `maxAgeMs`.
 */
export function createPageCache<V>(
  version: () => number,
  max = SHARED_PAGES,
  { maxAgeMs = SHARED_FOR_MS, now = Date.now }: PageCacheOptions = {},
): PageCache<V> {
  const pages = new Map<string, { value: V; at: number }>();
  let of = version();
  const current = () => {
    const moved = version();
    if (moved !== of) {
      pages.clear();
      of = moved;
    }
    return pages;
  };
  return {
    get(key) {
      const kept = current();
      const hit = kept.get(key);
      if (hit === undefined) return undefined;
      kept.delete(key);
      if (now() - hit.at > maxAgeMs) return undefined;
      // A Map keeps insertion order: re-inserting makes this the last to go.
      kept.set(key, hit);
      return hit.value;
    },
    set(key, value) {
      const kept = current();
      kept.delete(key);
      kept.set(key, { value, at: now() });
      while (kept.size > max) kept.delete(kept.keys().next().value as string);
      return value;
    },
    clear: () => pages.clear(),
    get size() {
      return pages.size;
    },
  };
}

function carriesIdentity(request: FastifyRequest): boolean {
  const q = request.url.indexOf('?');
  if (q !== -1) {
    const query = new URLSearchParams(request.url.slice(q + 1));
    if (IDENTITY_PARAMS.some((name) => query.get(name))) return true;
  }
  return sessionCookieValue(request.headers.cookie) !== undefined;
}

/**
 * The key under which this request's page of `screen` may be shared, or null when it may not:
 * the request carries an identity, the page is the borrower's arm of an experiment (the arm is
 * chosen before this is asked: page-html.ts), or it asks for the phone's drawing (DRAW_HEADER). `screen` names the document's revision (its tag).
 */
export function sharedPageKey(request: FastifyRequest, reply: FastifyReply, screen: string): string | null {
  if (reply.hasHeader(VARIANT_HEADER) || request.headers[DRAW_HEADER] === 'phone' || carriesIdentity(request))
    return null;
  const agent = request.headers['user-agent'] ?? '';
  return [
    screen,
    `${request.protocol}://${request.host}${request.url}`,
    platformOf(agent),
    messagingAppOf(agent),
  ].join('\n');
}
