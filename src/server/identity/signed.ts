import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_SESSION_ID, type VerifySession } from './types.js';

/*
 * A signed session id: `v1.<borrower id, base64url>.<expiry, Unix seconds>.<signature>`, the
 * signature being HMAC-SHA256 of everything before it under the configured key, base64url. The
 * lender's login issues it (signSession, or the same four lines in another language); the server
 * needs no session table to check it.
 */

const VERSION = 'v1';
export const MIN_KEY_LENGTH = 32;

function mac(key: string, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

function checkKey(key: string): void {
  if (key.length < MIN_KEY_LENGTH)
    throw new Error(`The session key must be at least ${MIN_KEY_LENGTH} characters (LENDER_SESSION_KEY)`);
}

/** A session id for `borrowerId`, valid until `expiresAt`. */
export function signSession(key: string, borrowerId: string, expiresAt: Date): string {
  checkKey(key);
  if (borrowerId === '' || borrowerId.length > MAX_SESSION_ID) throw new Error('Invalid borrower id');
  const body = `${VERSION}.${Buffer.from(borrowerId, 'utf8').toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${mac(key, body).toString('base64url')}`;
}

export function signedVerifier(key: string, now: () => number = Date.now): VerifySession {
  checkKey(key);
  return (sessionId) => {
    const parts = sessionId.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION || !/^\d{1,12}$/.test(parts[2]!)) return null;
    // Compared as text with the signature's one canonical spelling: decoding first would accept
    // padding, stray characters and the spare bits of the last character (issue 28 item 7).
    const given = Buffer.from(parts[3]!, 'utf8');
    const expected = Buffer.from(mac(key, parts.slice(0, 3).join('.')).toString('base64url'), 'utf8');
    // Constant time: how much of a forged signature matched must not show in the reply time.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(parts[2]) * 1000 <= now()) return null;
    const id = Buffer.from(parts[1]!, 'base64url').toString('utf8');
    return id !== '' && id.length <= MAX_SESSION_ID ? { id } : null;
  };
}
