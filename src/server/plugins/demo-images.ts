import type { FastifyInstance } from 'fastify';
import { demoImages } from '../demo/svg.js';
import { strongEtag } from '../lib/etag.js';
import { IMAGE_CSP } from '../lib/security-headers.js';

/**
 * The generated demo pictures (/assets-demo/*.svg), on the app's listener and on the studio's own:
 * the demo data and the studio's scenarios (screens/scenarios) both point at them, and the
 * studio's phone loads a page's pictures from the studio's origin. They are placeholders drawn from
 * constants, with no borrower data, so serving them in production costs nothing.
 */
export function registerDemoImages(app: FastifyInstance): void {
  const images = new Map([...demoImages()].map(([name, svg]) => [name, { svg, etag: strongEtag(svg) }]));

  app.get('/assets-demo/:name', async (request, reply) => {
    const image = images.get((request.params as { name: string }).name);
    if (!image) return reply.code(404).send({ message: 'Not found' });
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .header('ETag', image.etag)
      .header('Content-Security-Policy', IMAGE_CSP)
      .send(image.svg);
  });
}
