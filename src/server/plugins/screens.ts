import type { FastifyInstance } from 'fastify';
import { SCREEN_CHECKED_HEADER } from '../../app/loadScreen.js';
import { etagMatches } from '../lib/etag.js';
import { REVISION_HEADER, screenVersion, VARIANT_HEADER } from '../events/revision.js';
import { createScreenChecker, SERVER_STAMP } from '../lib/inline-screen.js';
import { acceptsGzip } from '../lib/screen-files.js';

/** Sent by the app's engine with every document request (src/app/loadScreen.ts). */
const ENGINE_HEADER = 'x-engine-version';

/**
 * The published screen documents and manifest, from the published set in memory
 * (src/server/publishing/): never a draft, never a database read per request. Gzipped for clients
 * that accept it: a document is mostly repeated keys, a tenth of its size compressed, and
 * borrowers are on slow networks. A document that passes the app's own validators is marked with
 * their fingerprint (X-Screen-Checked), so an app with the same validators shows it without
 * loading them (src/app/loadScreen.ts).
 *
 * The engine says its version on every document request (X-Engine-Version) and gets screens
 * expanded (parts and bases in place, issue 18); any other client gets the document as ops wrote
 * it. Both carry the expanded one's revision (X-Screen-Revision: what the app runs).
 */
export default async function screensPlugin(app: FastifyInstance): Promise<void> {
  const check = createScreenChecker();

  app.get('/screens/*', async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const published = app.content.published();
    const expanded = published.file(rel);
    const engine = request.headers[ENGINE_HEADER] !== undefined;
    const doc = engine ? expanded : published.written(rel);
    if (!doc || !expanded)
      return reply
        .code(404)
        .type('application/json')
        .send({ message: `No screen document ${rel}` });
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    // The gzipped bytes are another representation: a weak tag (If-None-Match compares weakly).
    reply
      .header('ETag', gzip ? `W/${doc.etag}` : doc.etag)
      .header('Cache-Control', 'no-cache')
      .header(
        'Vary',
        // One representation, or two told apart by the engine's header.
        published.written(rel) === expanded ? 'Accept-Encoding' : 'Accept-Encoding, X-Engine-Version',
      );
    const version = screenVersion(expanded);
    reply.header(REVISION_HEADER, version.revision);
    if (version.variant) reply.header(VARIANT_HEADER, version.variant);
    if (etagMatches(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const id = /^([a-z][a-z0-9-]*)\.json$/.exec(rel)?.[1];
    if (id && id !== 'manifest' && doc === expanded && check(id, doc))
      reply.header(SCREEN_CHECKED_HEADER, SERVER_STAMP);
    if (gzip) return reply.header('Content-Encoding', 'gzip').send(doc.gzip());
    return reply.send(doc.body);
  });
}
