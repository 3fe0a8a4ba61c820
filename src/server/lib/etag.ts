import { createHash } from 'node:crypto';

/** Strong validator from the bytes themselves, so equal content gives equal tags across restarts. */
export const strongEtag = (body: Buffer | string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** If-None-Match uses weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
