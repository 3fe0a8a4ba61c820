/** A served document: its bytes, their strong ETag, and the gzip made on first use and kept. */
export interface ScreenFile {
  etag: string;
  body: Buffer;
  gzip(): Buffer;
  /** The published revision it was made from (src/server/events/revision.ts). */
  revisionId?: number;
  /** The expansion's fingerprint when parts or a base were put in place (issue 18). */
  expansion?: string;
  /** The experiment arm it is, `<experiment>:<arm>` (src/server/experiments/). */
  variant?: string;
}

/** Whether the request accepts gzip (q=0 refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
