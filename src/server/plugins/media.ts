import type { FastifyInstance } from 'fastify';
import { readAsset } from '../assets/store.js';
import type { Db } from '../db/schema.js';
import { MIME_BY_EXT, type ImageKind } from '../lib/image-sniff.js';
import { IMAGE_CSP } from '../lib/security-headers.js';
import { ASSET_NAME, MEDIA_PREFIX } from '../../wire/studio.js';

/**
 * The studio's uploaded pictures at /media/<sha-256>.<ext> (issue 25): on the app's port for
 * borrowers (same origin: the page's img-src 'self' allows it, and the checker takes an app path),
 * and on the studio's own port for its phone preview, which loads the page's app paths from the
 * studio's origin. The name is the content's hash, so the reply never changes: cached for a year,
 * immutable. The type is the one the name says (sniffed from the bytes at upload), never guessed
 * by the browser (nosniff, security-headers.ts), and an image opened directly runs nothing.
 */
export function registerMedia(app: FastifyInstance, db: Db): void {
  app.get(`${MEDIA_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    const match = ASSET_NAME.exec(name);
    const file = match ? await readAsset(db, name) : undefined;
    if (!match || !file) return reply.code(404).send({ message: 'Not found' });
    return reply
      .type(MIME_BY_EXT[match[1] as ImageKind['ext']])
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', IMAGE_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.data);
  });
}
