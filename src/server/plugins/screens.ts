import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { etagMatches, strongEtag } from '../lib/etag.js';

interface Cached {
  mtimeMs: number;
  size: number;
  etag: string;
  body: Buffer;
}

const SAFE_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.json$/;

/**
 * Screen documents, read from disk at request time so a saved screen is served on the next load.
 * The cache is keyed by mtime and size: a stat per request, a read only when the file changed.
 */
export default async function screensPlugin(app: FastifyInstance): Promise<void> {
  const root = app.cfg.screensDir;
  const cache = new Map<string, Cached>();

  async function load(rel: string): Promise<Cached | null> {
    const file = resolve(root, rel);
    if (!file.startsWith(root + sep)) return null;
    let info;
    try {
      info = await stat(file);
    } catch {
      cache.delete(file);
      return null;
    }
    if (!info.isFile()) return null;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit;
    const body = await readFile(file);
    const entry = { mtimeMs: info.mtimeMs, size: info.size, etag: strongEtag(body), body };
    cache.set(file, entry);
    return entry;
  }

  app.get('/screens/*', async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const doc = SAFE_PATH.test(rel) ? await load(rel) : null;
    if (!doc)
      return reply
        .code(404)
        .type('application/json')
        .send({ message: `No screen document ${rel}` });
    reply.header('ETag', doc.etag).header('Cache-Control', 'no-cache');
    if (etagMatches(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(doc.body);
  });
}
