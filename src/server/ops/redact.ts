/**
 * What never reaches a log line: session and device identity, credentials and one-time codes, and
 * borrowers' contact details. Applied to the URL of every request line, to error messages and
 * stacks (a body parser's message can quote the body), to free-text messages and to the keys of
 * logged objects. Redacting too much costs a little debugging; too little leaks a borrower.
 */

import { COOKIE_KEYS, HEADER_PARAMS } from '../../config/sessionParams.js';

export const REDACTED = '[redacted]';

/** The native wrapper's identity and request-header parameters (spec §7.1), matched by name. */
const DEVICE_PARAMS = new Set([...COOKIE_KEYS, ...HEADER_PARAMS].map((name) => name.toLowerCase()));

/** Names that carry secrets or personal data wherever they appear (query, cookie, JSON, header). */
const SENSITIVE =
  /pass(word|wd|phrase)?|secret|token|session|cookie|auth|csrf|xsrf|signature|api[-_]?key|private[-_]?key|otp|captcha|sms[-_]?code|verify[-_]?code|vcode|phone|mobile|email|^sid$|^sig$|^key$/i;

export function isSensitiveName(name: string): boolean {
  // A percent-encoded name (sessionI%64) is the same parameter to the server's query parser.
  let plain = name;
  try {
    plain = decodeURIComponent(name);
  } catch {
    // not valid percent-encoding: judge the name as written
  }
  return DEVICE_PARAMS.has(plain.toLowerCase()) || SENSITIVE.test(plain);
}

// name=value as in a query string, a form body or a Cookie header.
const PAIR = /(^|[?&;,\s])([A-Za-z0-9_.%[\]-]+)=([^&;,\s"'#]*)/g;
// "name": value as in JSON (a body quoted in a parser's error).
const JSON_PAIR = /"([A-Za-z0-9_.-]+)"(\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\]\s]*)/g;

// The password of a URL with credentials (a DATABASE_URL quoted in an error).
const URL_PASSWORD = /(\/\/[^\s:@/]+:)[^\s@/]+@/g;

/** The text with the value of every sensitive `name=value` or `"name": value`, and URL passwords, replaced. */
export function redactText(text: string): string {
  return text
    .replace(URL_PASSWORD, `$1${REDACTED}@`)
    .replace(PAIR, (all, lead: string, name: string) =>
      isSensitiveName(name) ? `${lead}${name}=${REDACTED}` : all,
    )
    .replace(JSON_PAIR, (all, name: string, colon: string) =>
      isSensitiveName(name) ? `"${name}"${colon}"${REDACTED}"` : all,
    );
}

/** A request URL for the log: path kept, sensitive query values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  // A preview link's path is its credential (src/server/plugins/preview.ts).
  const path = (q < 0 ? url : url.slice(0, q)).replace(/^\/preview\/[^/?#]+/, `/preview/${REDACTED}`);
  return q < 0 ? path : path + redactText(url.slice(q));
}

/**
 * A logged object with sensitive keys replaced and strings redacted, walking plain objects and
 * arrays only (a raw request or socket is left to its serializer). Depth-bounded.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSensitiveName(key) && v !== undefined && v !== null ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}
