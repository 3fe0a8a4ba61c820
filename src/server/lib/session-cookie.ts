// The host's session cookie (src/host/session.ts) as the server reads it: the one reader for the
// events' identity (events/borrower-key.ts), the shared pages' "carries an identity"
// (ssr/page-cache.ts) and what the first draw forwards to an upstream (ssr/upstream.ts).
import { SESSION_COOKIE } from '../../config/sessionParams.js';

const COOKIE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;]*)`);

/** The cookie's raw (still URI-encoded) value in a Cookie header; undefined when it is absent. */
export function sessionCookieValue(header: string | undefined): string | undefined {
  return typeof header === 'string' ? COOKIE.exec(header)?.[1] : undefined;
}
