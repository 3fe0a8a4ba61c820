// The studio's pictures (issue 25, docs/api.md "Assets"): upload one, list them for the picker.
// The upload is JSON like every other write (guard.ts refuses any other body: a cross-site form
// cannot send one), the picture in base64. What the bytes are is read from them (magic bytes),
// never from a name or a type the client gives; only PNG, JPEG, GIF and WebP are taken (an SVG
// can carry script). Every upload is audited (`asset.upload`), and so is every refusal of one
// (`refused.asset`; a picture over 1 MB `refused.too-large`, as any body over its limit).
import type { FastifyInstance } from 'fastify';
import { audit } from '../../audit/log.js';
import { assetLabel, listAssets, saveAsset } from '../../assets/store.js';
import { sniffImage } from '../../lib/image-sniff.js';
import { ASSET_MAX_BYTES, assetTooLarge, sizeText } from '../../../wire/studio.js';
import { actorOf, EDITORS, refuseAs } from './guard.js';
import type { StudioDeps } from './services.js';

/** Base64 of ASSET_MAX_BYTES and the JSON around it: a larger picture is refused here, audited. */
const BODY_LIMIT = Math.ceil((ASSET_MAX_BYTES * 4) / 3) + 64 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

interface Upload {
  Body: { data: string; name?: string };
}

const upload = {
  type: 'object',
  properties: {
    data: { type: 'string', minLength: 1 },
    name: { type: 'string', maxLength: 300 },
  },
  required: ['data'],
} as const;

export function assetRoutes(api: FastifyInstance, s: StudioDeps): void {
  api.get('/assets', async () => ({ ok: true, assets: await listAssets(s.db) }));

  api.post<Upload>(
    '/assets',
    {
      // Far over the limit, the body is refused unread: the editor is told the pictures' limit.
      config: {
        roles: EDITORS,
        tooLarge: `The picture is too large: pictures may be at most ${sizeText(ASSET_MAX_BYTES)}`,
      },
      bodyLimit: BODY_LIMIT,
      schema: { body: upload },
    },
    async (request, reply) => {
      const { data: text, name } = request.body;
      const label = assetLabel(name);
      const refused = (status: number, message: string) => refuseAs(reply, 'asset', status, message);
      if (!BASE64.test(text)) return refused(400, `${label}: the picture must be sent in base64`);
      const data = Buffer.from(text, 'base64');
      // Too large is one refusal, whether the route or Fastify (a body far over, unread) saw it.
      const tooLarge = assetTooLarge(label, data.length);
      if (tooLarge) return refuseAs(reply, 'too-large', 413, tooLarge);
      const kind = sniffImage(data);
      if (!kind) return refused(415, `${label} is not a PNG, JPEG, GIF or WebP picture`);
      const actor = actorOf(request);
      const at = s.cfg.now().toISOString();
      const saved = await saveAsset(s.db, { data, kind, label, uploadedBy: actor.name, at }, (trx, done) =>
        audit(trx, {
          at,
          actor,
          action: 'asset.upload',
          target: `asset:${done.asset.name}`,
          detail: { label, size: data.length, mime: kind.mime, created: done.created },
        }),
      );
      return { ok: true, ...saved };
    },
  );
}
