// Preview links (issue 17): /preview/<signed token> opens a draft in the real app, on the
// borrower-facing address, so it works on a phone and in the native webview. The page carries the
// draft instead of the published document, says so with a band, and is never cached; the app does
// not keep the draft on the device (src/app/loadScreen.ts). An expired link, a forged one, or one
// whose draft has been published or discarded gets a plain page that says so.
//
// A draft has not been reviewed, so a link must not become a way to publish it (issue 28 item 7,
// docs/decisions.md): it opens on the first PREVIEW_DEVICES devices only (a device cookie, claimed
// in publishing/preview-claims.ts), every page of it says noindex, no-store and no-referrer, the
// first open on each device is in the audit log, and a refused device is audited as a refusal.
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../audit/log.js';
import { auditRefusal } from '../audit/refusals.js';
import { strongEtag } from '../lib/etag.js';
import { createPageSender } from '../lib/page-html.js';
import { claimPreview, PREVIEW_DEVICES } from '../publishing/preview-claims.js';
import { pageConfig } from './static-app.js';

const page = (title: string, heading: string, text: string) =>
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>${title}</title><body style="font-family:system-ui,sans-serif;padding:24px;text-align:center">` +
  `<h1 style="font-size:20px">${heading}</h1><p>${text}</p>`;

const GONE = page(
  'Preview not available',
  'This preview link no longer works',
  'It has expired, or its draft has been published or discarded. Ask for a new link in the studio.',
);
const TAKEN = page(
  'Preview not available',
  'This preview link is used up',
  `It opens on the first ${PREVIEW_DEVICES} devices only, and has been opened on them already. Ask for a new link in the studio.`,
);

/** The device cookie: one per browser, for every preview link; only a random token. */
const DEVICE_COOKIE = 'lender_preview';
const DEVICE = /(?:^|;)\s*lender_preview=([A-Za-z0-9_-]{43})\s*(?:;|$)/;
/** A link lives at most a day (config.ts), so the cookie need not outlive one. */
const DEVICE_MAX_AGE_S = 24 * 60 * 60;

/** Every reply under /preview/: never indexed, kept or passed on in a Referer. */
function previewHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex, nofollow, noarchive')
    .header('Referrer-Policy', 'no-referrer');
}

/** The browser's device token, made (and set as its cookie) on its first preview. */
function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
  const known = DEVICE.exec(request.headers.cookie ?? '')?.[1];
  if (known) return known;
  const token = randomBytes(32).toString('base64url');
  // Production is served over HTTPS, perhaps behind a proxy that does not say so.
  const secure = request.protocol === 'https' || request.server.cfg.production ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${token}; Path=/preview; Max-Age=${DEVICE_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure}`,
  );
  return token;
}

export default async function previewPlugin(app: FastifyInstance): Promise<void> {
  const { sendPreview } = createPageSender(
    pageConfig(app.cfg.dev),
    app.content,
    app.measurement.keys.identify,
  );
  const entry = join(app.cfg.distDir, 'index.html');
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);

  app.get<{ Params: { token: string } }>('/preview/:token', async (request, reply) => {
    const { token } = request.params;
    previewHeaders(reply);
    const draft = await app.content.flow.previewed(token);
    if (!draft) return html(reply, 410, GONE);
    if (!existsSync(entry))
      return html(
        reply,
        503,
        '<!doctype html><p>The app is not built yet. Run <code>npm run build</code>, then reload.</p>',
      );
    // A HEAD (a link checker, a chat app's preview of the link) shows nothing and claims nothing.
    if (request.method !== 'HEAD') {
      const at = app.cfg.now();
      const claim = await claimPreview(app.db, {
        token,
        device: deviceOf(request, reply),
        now: at,
        expiresAt: draft.expiresAt,
      });
      // The token was verified: it starts with its draft's id.
      const draftId = Number(token.split('.')[0]);
      const actor = { id: null, name: 'anonymous', ip: request.ip };
      const target = `screen:${draft.name}`;
      if (!claim.ok) {
        await auditRefusal(app.db, {
          at: at.toISOString(),
          actor,
          action: 'refused.preview-devices',
          target,
          draftId,
          source: `ip:${request.ip}`,
          detail: { reason: `opened on ${claim.devices} devices already` },
        });
        return html(reply, 403, TAKEN);
      }
      if (claim.first)
        await audit(app.db, {
          at: at.toISOString(),
          actor,
          action: 'preview.open',
          target,
          draftId,
          revisionId: draft.revisionId,
          detail: {
            device: claim.devices,
            of: PREVIEW_DEVICES,
            userAgent: String(request.headers['user-agent'] ?? '').slice(0, 200),
          },
        });
    }
    const body = Buffer.from(draft.text, 'utf8');
    return sendPreview(request, reply, entry, {
      id: draft.name,
      file: { etag: strongEtag(body), body, gzip: () => body },
      expiresAt: draft.expiresAt,
    });
  });
}
