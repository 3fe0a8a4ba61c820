// How a stored picture is sent, the borrowers' uploads (plugins/uploads.ts) and the studio's
// (plugins/media.ts) alike. The name is random or the content's hash, so the reply never changes:
// cached for a year, immutable. The type is the one the name says (sniffed from the bytes at
// upload), never guessed by the browser (nosniff on every reply: security-headers.ts), and an image
// opened directly runs nothing (IMAGE_CSP).
import type { FastifyReply } from 'fastify';
import { MIME_BY_EXT, type ImageKind } from './image-sniff.js';
import { IMAGE_CSP } from './security-headers.js';

export function sendStoredImage(reply: FastifyReply, ext: ImageKind['ext'], data: Buffer): FastifyReply {
  return reply
    .type(MIME_BY_EXT[ext])
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('Content-Security-Policy', IMAGE_CSP)
    .send(data);
}
