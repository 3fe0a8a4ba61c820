// The names of the parameters the native wrapper passes (spec §2, §7.1; P-01, P-03), in one place
// below both their users: the app's session (src/host/session.ts) reads them, and the server's log
// redaction (src/server/ops/redact.ts) hides them. Plain data, no browser or Node API.

/** The cookie the host keeps the identity part in (src/host/session.ts), read by the server too. */
export const SESSION_COOKIE = 'lender_session';

/** The identity part, also kept in a cookie for a page reopened without its query. */
export const COOKIE_KEYS = [
  'appVersion',
  'deviceName',
  'deviceId',
  'osVersion',
  'sessionId',
  'gps_adid',
] as const;

/** The four parameters that also go out as request headers (§7.1). */
export const HEADER_PARAMS = ['building', 'gather', 'swift', 'eyes'] as const;
export type HeaderName = (typeof HEADER_PARAMS)[number];

/** Every name the native wrapper passes. */
export const SESSION_KEYS = [...COOKIE_KEYS, 'productId', 'product_id', ...HEADER_PARAMS] as const;

/**
 * The parameters that carry the borrower's session, device or identity (issue 28 item 3): the
 * checker refuses an address a document builds from them when it may go to another origin.
 */
export const IDENTITY_PARAMS = [...COOKIE_KEYS, ...HEADER_PARAMS] as const;

/**
 * The identifiers among them, matched by value at run time (an address to another origin that
 * carries one is not loaded or opened, and never gets one as a query field): the rest (an app
 * version, a device name) are too short or too common to tell apart from an address's own text.
 */
export const IDENTITY_IDS = ['sessionId', 'deviceId', 'gps_adid'] as const;
