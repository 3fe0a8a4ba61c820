/**
 * What an event may carry besides its fixed fields. Documents choose their own event names,
 * labels and fields (`track`), so the server makes sure that whatever a document sends, no phone
 * number, e-mail address, name, session or device id reaches the events table: keys that name
 * personal data are dropped; wherever one of the request's identifiers, a signed session id, a
 * phone number or an e-mail address appears inside a name, a label or a value, that part is
 * replaced by REDACTED (issue 28 item 3: `concat("sid:", params.sessionId)` is caught as well as
 * the bare id); a value that is a secret token as a whole is REDACTED. Values are scalars, short,
 * and few.
 */
export const REDACTED = '[redacted]';
export const MAX_PROPS = 20;
export const MAX_TEXT = 200;
/** Event names are 1..100 characters (actions/track.schema.json). */
const MAX_NAME = 100;

/**
 * Keys that name personal data or credentials, matched anywhere in the key in any case (so
 * `userName`, `fullname` and `bank_account` all go; so does a harmless `productName`).
 */
const PERSONAL_KEY =
  /phone|mobile|msisdn|name|mail|session|device|adid|idfa|imei|card|account|passw|pwd|token|secret|otp|sms|captcha|capcode|vcode|birth|address|ssn/i;
/** A run of 9 or more digits, separators allowed between them: every mobile and most landlines. */
const PHONE_LIKE = /\d(?:[\s().\-\u2010-\u2015/]*\d){8,}/g;
/** An e-mail address, wherever it is. */
const EMAIL_LIKE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** A signed session id (src/server/identity/signed.ts: v1.<id>.<expiry>.<signature>), of anyone. */
const SIGNED_SESSION = /v1\.[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]{16,}/g;
/** Shorter identifiers are redacted only as a whole value, so that "17" does not eat an amount of 1700. */
const MIN_INNER_ID = 6;
/**
 * Opaque credentials: a long run of token characters, letters and digits mixed. A slash makes it
 * a path or an address (an API path is a label), not a token.
 */
const TOKEN_LIKE = /^(?=\S*\d)(?=\S*[A-Za-z])[A-Za-z0-9_\-+=.]{20,}$/;
const KEY_SHAPE = /^[A-Za-z_][A-Za-z0-9_.-]{0,39}$/;
// eslint-disable-next-line no-control-regex -- the point is to remove them
const CONTROL = /[\u0000-\u001f\u007f]/g;

export type Scalar = string | number | boolean | null;

/**
 * The text with every identifier of the request (as written or percent-encoded), signed session
 * id, phone number and e-mail address in it replaced by REDACTED, and no control characters.
 */
export function redactIn(value: string, identifiers: ReadonlySet<string>): string {
  if (identifiers.has(value.trim())) return REDACTED;
  let text = value.replace(CONTROL, ' ');
  for (const id of identifiers)
    if (id.length >= MIN_INNER_ID)
      for (const form of new Set([id, encodeURIComponent(id)])) text = text.split(form).join(REDACTED);
  return text.replace(SIGNED_SESSION, REDACTED).replace(EMAIL_LIKE, REDACTED).replace(PHONE_LIKE, REDACTED);
}

/** A label or a field's text as it may be stored: redacted (redactIn), short, and no secret token. */
export function safeText(value: string, identifiers: ReadonlySet<string>): string {
  const text = redactIn(value, identifiers);
  return TOKEN_LIKE.test(text.trim()) ? REDACTED : text.slice(0, MAX_TEXT);
}

/**
 * An event's name as it may be stored: redacted like a label. Not the token rule: a name such as
 * `landing_2026_summer_campaign` is a name, and experiments count conversions by it.
 */
export const safeName = (name: string, identifiers: ReadonlySet<string>): string =>
  redactIn(name, identifiers).slice(0, MAX_NAME);

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
