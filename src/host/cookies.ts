// Cookies written by the page. By default they never expire in practice: the end of year 9999 (spec
// §9, P-28). A cookie may ask for a shorter life (`maxAgeSeconds`) and for `Secure`; the session
// cookie does both (src/host/session.ts, issue 20 §1).

export const COOKIE_EXPIRES = 'Fri, 31 Dec 9999 23:59:59 GMT';

export interface CookieOptions {
  /** Lifetime in seconds (Max-Age), instead of the year-9999 expiry. */
  maxAgeSeconds?: number;
  /** Sent over https only (set it when the page itself is on https). */
  secure?: boolean;
}

export function cookieString(name: string, value: string, options: CookieOptions = {}): string {
  const life =
    options.maxAgeSeconds === undefined
      ? `expires=${COOKIE_EXPIRES}`
      : `max-age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`;
  const secure = options.secure ? '; Secure' : '';
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${life}; path=/; SameSite=Lax${secure}`;
}

export function setCookie(
  name: string,
  value: string,
  doc: Document = document,
  options: CookieOptions = {},
): void {
  doc.cookie = cookieString(name, value, options);
}

export function getCookie(name: string, doc: Document = document): string | null {
  const wanted = encodeURIComponent(name);
  for (const part of doc.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== wanted) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}
