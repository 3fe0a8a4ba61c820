import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadFingerprint, writeOnce } from '../idempotency/index.js';
import { access, borrowerOf } from '../identity/index.js';
import { fail, ok, registerFamilyErrors } from '../lib/envelope.js';
import { randomToken } from '../lib/ids.js';
import { sniffImage, type ImageKind } from '../lib/image-sniff.js';
import { sendStoredImage } from '../lib/stored-image.js';
import { readStoredFile } from '../repos/stored-files.js';
import { recentUploads, recordUpload, UPLOAD_NAME } from '../repos/uploads.js';
import { codeReply, obj, routeSchema, str } from '../schemas/common.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL = /^\/uploads\/([a-f0-9]{32}\.(?:png|jpg|gif|webp))$/;

/**
 * Complaint evidence images (spec §7.2): POST multipart field problemImage, served at
 * /uploads/<name>. The bytes live in the database with their row (issue 29 §5), so every instance
 * serves what any of them received.
 */
export default async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'complaint');
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, parts: 21 } });
  const perDay = app.cfg.uploadsPerDay;
  const overQuota = fail(
    'complaint',
    '429',
    `You can upload at most ${perDay} images in 24 hours. Please try again later.`,
  );

  app.post(
    '/nepenthes/upload-problem-image',
    { schema: routeSchema({ reply: codeReply(obj({ url: str() })) }), ...access.write },
    async (request, reply) => {
      if (!request.isMultipart())
        return reply.code(400).send(fail('complaint', '400', 'problemImage is required'));
      const borrower = borrowerOf(request).id;
      // Refused before the image is read; recordUpload checks again under the borrower's lock.
      if ((await recentUploads(app.db, borrower)) >= perDay) return reply.code(429).send(overQuota);
      let file: Awaited<ReturnType<typeof request.file>>;
      let data: Buffer;
      try {
        file = await request.file();
        if (!file) return reply.code(400).send(fail('complaint', '400', 'problemImage is required'));
        if (file.fieldname !== 'problemImage') {
          file.file.resume();
          return reply
            .code(400)
            .send(fail('complaint', '400', 'The image must be sent in the field problemImage'));
        }
        data = await file.toBuffer();
      } catch (error) {
        // The multipart parser throws plain errors for a body cut off or garbled by the client;
        // the plugin's own limits (413 and so on) carry a status and go to the family handler.
        if (error instanceof Error && !('statusCode' in error))
          return reply.code(400).send(fail('complaint', '400', 'The upload is incomplete or malformed'));
        throw error;
      }
      const kind: ImageKind | null = sniffImage(data);
      if (!kind) {
        return reply
          .code(415)
          .send(fail('complaint', '415', 'Only PNG, JPEG, GIF or WEBP images can be uploaded'));
      }
      // The key is claimed now that the image is known: a retry with another picture is a 422.
      if (!(await app.claimUpload(request, reply, uploadFingerprint(file.fieldname, data)))) return reply;
      // The client's file name is never used: no path, no extension trick, no collision.
      const name = `${randomToken()}.${kind.ext}`;
      // The row, the bytes and the reply to the key commit together (idempotency/once.ts).
      return writeOnce(request, reply, async (trx) => {
        if (!(await recordUpload(trx, { name, borrower, mime: kind.mime, data }, perDay))) {
          void reply.code(429);
          return overQuota;
        }
        return ok('complaint', { url: `/uploads/${name}` }, 'Upload succeeded!');
      });
    },
  );

  app.get('/uploads/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const match = UPLOAD_NAME.exec(name);
    const file = match ? await readStoredFile(app.db, name) : undefined;
    if (!match || !file) return reply.code(404).send({ message: 'Not found' });
    return sendStoredImage(reply, match[1] as ImageKind['ext'], file.data);
  });
}
