// The API over HTTP for the server's first draw (issue 26 item 2), when the lender's API lives
// elsewhere (LENDER_SSR_UPSTREAM, docs/config.md). The server then calls the upstream as the phone
// would call its API: a call to the page's own origin (what a proxy in front sends on to the API)
// goes to the upstream with what the browser would send with it (the host's own headers, which
// carry the session parameters, and the session cookie the phone keeps); a call addressed to the upstream's
// own origin goes there without cookies (the browser's cookies for that origin never reach this
// server); a call to any other origin is not made here (the phone makes it). Each call has
// UPSTREAM_WITHIN_MS; a failure, a timeout or a redirect is a failed source, so the page is drawn
// as its loading state and the phone calls as before (ssr/draw.ts): never a 5xx.
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../config/sessionParams.js';
import { sessionCookieValue } from '../lib/session-cookie.js';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** One call's deadline: well inside the page's (ANSWER_WITHIN_MS), so a slow API costs the page little. */
const UPSTREAM_WITHIN_MS = 800;

/** Why `value` is not a usable upstream, or undefined when it is one. */
function upstreamProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'it is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `its scheme is ${url.protocol}, not http or https`;
  if (url.username || url.password) return 'it carries a user name or password (they would reach the logs)';
  if (url.search || url.hash) return 'it has a query or a fragment; give the API base only';
  return undefined;
}

/**
 * The upstream's base ('' when unset), without a trailing slash. A value that is not an http(s)
 * URL stops the server at start with the reason, rather than quietly drawing every page loading.
 */
export function upstreamOf(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return '';
  const problem = upstreamProblem(text);
  if (problem)
    throw new Error(
      `LENDER_SSR_UPSTREAM must be the lender API's http(s) address, such as https://api.example, not ${JSON.stringify(text)}: ${problem}`,
    );
  return text.replace(/\/+$/, '');
}

/**
 * The headers a call carries: the host's own (the session parameters among them), the user agent,
 * and to the page's own origin the session cookie, as the browser would send it. No other cookie
 * of this site (the studio's, the events' borrower key) leaves for the upstream.
 */
function headersOf(init: RequestInit, request: FastifyRequest, own: boolean): Headers {
  const out = new Headers(init.headers);
  out.delete('cookie');
  const agent = request.headers['user-agent'];
  if (agent) out.set('user-agent', agent);
  // The phone's kept session: the one cookie the app's calls rely on.
  const session = own ? sessionCookieValue(request.headers.cookie) : undefined;
  if (session !== undefined) out.set('cookie', `${SESSION_COOKIE}=${session}`);
  // The borrower's address, for the API's own limits and logs (this server is one caller for all).
  out.set('x-forwarded-for', request.ip);
  return out;
}

/** Calls of one page request, answered by the upstream at `base` (the page's origin is `pageOrigin`). */
export function upstreamFetch(base: string, request: FastifyRequest, pageOrigin: string): Fetch {
  const upstream = new URL(base);
  // As a URL spells it (no default port), to compare with the call's.
  const page = new URL(pageOrigin).origin;
  return async (url, init) => {
    const target = new URL(url, page);
    const own = target.origin === page;
    if (!own && target.origin !== upstream.origin)
      throw new Error(
        `not answered on the server: ${target.origin} is neither the page's origin nor the upstream`,
      );
    const address = own ? base + target.pathname + target.search : target.href;
    const deadline = AbortSignal.timeout(UPSTREAM_WITHIN_MS);
    return fetch(address, {
      method: init.method ?? 'GET',
      headers: headersOf(init, request, own),
      ...(init.body === undefined || init.body === null ? {} : { body: init.body }),
      signal: init.signal ? AbortSignal.any([init.signal, deadline]) : deadline,
      // A redirect could take the session elsewhere: it is a failed call, the phone calls instead.
      redirect: 'manual',
    });
  };
}
