import { createHash } from 'node:crypto';

/** Strong validator from the bytes themselves, so equal content gives equal tags across restarts. */
export const strongEtag = (body: Buffer | string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** What a gzipped representation's tag adds to the content's tag (Apache's mod_deflate does alike). */
const GZIP_SUFFIX = '-gzip';

/**
 * The tag of the representation sent: the content's own for identity, the content's plus `-gzip`
 * for the gzipped bytes. Both are strong (our gzip is made once and kept, so its bytes are as
 * fixed as the content's), so a proxy that passes a compressed reply through has no reason to
 * weaken or drop it, and each representation has a tag of its own as RFC 9110 §8.8.1 asks.
 */
export const representationEtag = (etag: string, gzip: boolean): string =>
  gzip ? `${etag.slice(0, -1)}${GZIP_SUFFIX}"` : etag;

/**
 * If-None-Match uses weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored, and so is the
 * gzip representation's suffix, since a client keeps the decoded content whichever way it came
 * (the page's inline document carries the content's tag; the next fetch accepts gzip) and a proxy
 * that compressed a reply itself sends the weakened identity tag back.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag || tag === representationEtag(etag, true);
  });
}
