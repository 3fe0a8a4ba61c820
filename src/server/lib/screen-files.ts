import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { strongEtag } from './etag.js';

export interface ScreenFile {
  etag: string;
  body: Buffer;
  /** The body gzipped (made on first use, kept with the entry). */
  gzip(): Buffer;
}

interface Cached extends ScreenFile {
  mtimeMs: number;
  size: number;
}

export const SAFE_SCREEN_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.json$/;

/**
 * Files under screens/, read at request time so a saved screen is served on the next load. The
 * cache is keyed by mtime and size: a stat per request, a read only when the file changed.
 */
export function createScreenFiles(root: string): { load(rel: string): Promise<ScreenFile | null> } {
  const cache = new Map<string, Cached>();
  return {
    async load(rel) {
      if (!SAFE_SCREEN_PATH.test(rel)) return null;
      const file = resolve(root, rel);
      if (!file.startsWith(root + sep)) return null;
      // Synchronous on purpose: a stat of a local, cached inode takes microseconds, while the
      // promise version's trip through the thread pool cost a third of the server's time at 20k
      // requests a second (bench/server-load.ts).
      const info = statSync(file, { throwIfNoEntry: false });
      if (!info?.isFile()) {
        cache.delete(file);
        return null;
      }
      const hit = cache.get(file);
      if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit;
      const body = await readFile(file);
      let zipped: Buffer | null = null;
      const entry: Cached = {
        mtimeMs: info.mtimeMs,
        size: info.size,
        etag: strongEtag(body),
        body,
        gzip: () => (zipped ??= gzipSync(body, { level: 9 })),
      };
      cache.set(file, entry);
      return entry;
    },
  };
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
