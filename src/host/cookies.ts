// Cookies the app writes never expire in practice: the end of year 9999 (spec §9, P-28).

export const COOKIE_EXPIRES = 'Fri, 31 Dec 9999 23:59:59 GMT';

export function cookieString(name: string, value: string, path = '/'): string {
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${COOKIE_EXPIRES}; path=${path}; SameSite=Lax`;
}

export function setCookie(name: string, value: string, doc: Document = document): void {
  doc.cookie = cookieString(name, value);
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
