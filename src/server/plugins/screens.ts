import type { FastifyInstance } from 'fastify';
import { SCREEN_CHECKED_HEADER } from '../../wire/page.js';
import { etagMatches, representationEtag } from '../lib/etag.js';
import { keyedByBorrower } from '../events/borrower-key.js';
import { REVISION_HEADER, screenVersion, VARIANT_HEADER } from '../events/revision.js';
import { createScreenChecker, SERVER_STAMP } from '../lib/inline-screen.js';
import { acceptsGzip } from '../lib/screen-files.js';

/**
 * The published screen documents and manifest, from the published set in memory
 * (src/server/publishing/): never a draft, never a database read per request. A screen under an
 * experiment is the borrower's own arm (src/server/experiments/), kept out of shared caches. Gzipped for clients
 * that accept it: a document is mostly repeated keys, a tenth of its size compressed, and
 * borrowers are on slow networks. A document that passes the app's own validators is marked with
 * their fingerprint (X-Screen-Checked), so an app with the same validators shows it without
 * loading them (src/app/loadScreen.ts).
 */
export default async function screensPlugin(app: FastifyInstance): Promise<void> {
  const check = createScreenChecker();

  app.get('/screens/*', async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const doc = app.experiments.file(rel, request, reply);
    if (!doc)
      return reply
        .code(404)
        .type('application/json')
        .send({ message: `No screen document ${rel}` });
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    // The gzipped bytes are another representation, with a strong tag of its own (lib/etag.ts).
    reply
      .header('ETag', representationEtag(doc.etag, gzip))
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding');
    const version = screenVersion(doc);
    reply.header(REVISION_HEADER, version.revision);
    if (version.variant) {
      reply.header(VARIANT_HEADER, version.variant);
      keyedByBorrower(reply);
    }
    if (etagMatches(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const id = /^([a-z][a-z0-9-]*)\.json$/.exec(rel)?.[1];
    if (id && id !== 'manifest' && check(id, doc)) reply.header(SCREEN_CHECKED_HEADER, SERVER_STAMP);
    if (gzip) return reply.header('Content-Encoding', 'gzip').send(doc.gzip());
    return reply.send(doc.body);
  });
}
