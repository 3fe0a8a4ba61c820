import type { FastifyInstance } from 'fastify';
import { readAsset } from '../assets/store.js';
import type { Db } from '../db/schema.js';
import type { ImageKind } from '../lib/image-sniff.js';
import { sendStoredImage } from '../lib/stored-image.js';
import { ASSET_NAME, MEDIA_PREFIX } from '../../wire/studio.js';

/**
 * The studio's uploaded pictures at /media/<sha-256>.<ext> (issue 25): on the app's port for
 * borrowers (same origin: the page's img-src 'self' allows it, and the checker takes an app path),
 * and on the studio's own port for its phone preview, which loads the page's app paths from the
 * studio's origin. The name is the content's hash; sent as every stored picture is (lib/stored-image.ts).
 */
export function registerMedia(app: FastifyInstance, db: Db): void {
  app.get(`${MEDIA_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    const match = ASSET_NAME.exec(name);
    const file = match ? await readAsset(db, name) : undefined;
    if (!match || !file) return reply.code(404).send({ message: 'Not found' });
    return sendStoredImage(reply, match[1] as ImageKind['ext'], file.data);
  });
}
