/**
 * What an event may carry besides its fixed fields. Documents choose their own event fields
 * (`track` payloads), so the server makes sure that whatever a document sends, no phone number,
 * name, session or device id reaches the events table: keys that name personal data are dropped,
 * values that look like a phone number or a secret token, or equal one of the request's
 * identifiers, are replaced by REDACTED. Values are scalars, short, and few.
 */
export const REDACTED = '[redacted]';
export const MAX_PROPS = 20;
export const MAX_TEXT = 200;

/**
 * Keys that name personal data or credentials, matched anywhere in the key in any case (so
 * `userName`, `fullname` and `bank_account` all go; so does a harmless `productName`).
 */
const PERSONAL_KEY =
  /phone|mobile|msisdn|name|mail|session|device|adid|idfa|imei|card|account|passw|pwd|token|secret|otp|sms|captcha|capcode|vcode|birth|address|ssn/i;
/** A run of 9 or more digits, separators allowed between them: every mobile and most landlines. */
const PHONE_LIKE = /\d(?:[\s().\-\u2010-\u2015/]*\d){8,}/;
/**
 * Opaque credentials: a long run of token characters, letters and digits mixed. A slash makes it
 * a path or an address (an API path is a label), not a token.
 */
const TOKEN_LIKE = /^(?=\S*\d)(?=\S*[A-Za-z])[A-Za-z0-9_\-+=.]{20,}$/;
const KEY_SHAPE = /^[A-Za-z_][A-Za-z0-9_.-]{0,39}$/;
// eslint-disable-next-line no-control-regex -- the point is to remove them
const CONTROL = /[\u0000-\u001f\u007f]/g;

export type Scalar = string | number | boolean | null;

/** A string as it may be stored: no control characters, short, and redacted if it identifies someone. */
export function safeText(value: string, identifiers: ReadonlySet<string>): string {
  const text = value.replace(CONTROL, ' ').slice(0, MAX_TEXT);
  if (identifiers.has(value.trim()) || PHONE_LIKE.test(text) || TOKEN_LIKE.test(text.trim())) return REDACTED;
  return text;
}

function safeValue(value: unknown, identifiers: ReadonlySet<string>): Scalar | undefined {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // A phone number sent as a number (09171234567 -> 9171234567) has ten digits or more.
    return Math.abs(value) >= 1e9 || identifiers.has(String(value)) ? REDACTED : value;
  }
  if (typeof value === 'string') return safeText(value, identifiers);
  return undefined; // objects and arrays are not event fields
}

/** The event fields worth keeping, as JSON text ('{}' when none). */
export function safeProps(props: unknown, identifiers: ReadonlySet<string>): string {
  if (!props || typeof props !== 'object' || Array.isArray(props)) return '{}';
  const out: Record<string, Scalar> = {};
  let kept = 0;
  for (const [key, value] of Object.entries(props as Record<string, unknown>)) {
    if (kept >= MAX_PROPS) break;
    if (!KEY_SHAPE.test(key) || PERSONAL_KEY.test(key)) continue;
    const safe = safeValue(value, identifiers);
    if (safe === undefined) continue;
    out[key] = safe;
    kept++;
  }
  return JSON.stringify(out);
}
