import type { FastifyInstance } from 'fastify';
import { SCREEN_CHECKED_HEADER } from '../../app/loadScreen.js';
import { etagMatches } from '../lib/etag.js';
import { createScreenChecker, SERVER_STAMP } from '../lib/inline-screen.js';
import { acceptsGzip, createScreenFiles } from '../lib/screen-files.js';

/**
 * Screen documents, read from disk at request time so a saved screen is served on the next load
 * (lib/screen-files.ts). Gzipped for clients that accept it: a document is mostly repeated keys,
 * a tenth of its size compressed, and borrowers are on slow networks. A document that passes the
 * app's own validators is marked with their fingerprint (X-Screen-Checked), so an app with the
 * same validators shows it without loading them (src/app/loadScreen.ts).
 */
export default async function screensPlugin(app: FastifyInstance): Promise<void> {
  const files = createScreenFiles(app.cfg.screensDir);
  const check = createScreenChecker();

  app.get('/screens/*', async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const doc = await files.load(rel);
    if (!doc)
      return reply
        .code(404)
        .type('application/json')
        .send({ message: `No screen document ${rel}` });
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    // The gzipped bytes are another representation: a weak tag (If-None-Match compares weakly).
    reply
      .header('ETag', gzip ? `W/${doc.etag}` : doc.etag)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding');
    if (etagMatches(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const id = /^([a-z][a-z0-9-]*)\.json$/.exec(rel)?.[1];
    if (id && id !== 'manifest' && check(id, doc)) reply.header(SCREEN_CHECKED_HEADER, SERVER_STAMP);
    if (gzip) return reply.header('Content-Encoding', 'gzip').send(doc.gzip());
    return reply.send(doc.body);
  });
}
