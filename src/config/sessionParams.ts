// The names of the parameters the native wrapper passes (spec §2, §7.1; P-01, P-03), in one place
// below both their users: the app's session (src/host/session.ts) reads them, and the server's log
// redaction (src/server/ops/redact.ts) hides them. Plain data, no browser or Node API.

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
