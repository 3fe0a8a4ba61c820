// Preview links (issue 17): /preview/<signed token> opens a draft in the real app, on the
// borrower-facing address, so it works on a phone and in the native webview. The page carries the
// draft instead of the published document, says so with a band, and is never cached; the app does
// not keep the draft on the device (src/app/loadScreen.ts). An expired link, a forged one, or one
// whose draft has been published or discarded gets a plain page that says so.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { strongEtag } from '../lib/etag.js';
import { createPageSender } from '../lib/page-html.js';
import { pageConfig } from './static-app.js';

const GONE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Preview not available</title><body style="font-family:system-ui,sans-serif;padding:24px;text-align:center">' +
  '<h1 style="font-size:20px">This preview link no longer works</h1>' +
  '<p>It has expired, or its draft has been published or discarded. Ask for a new link in the studio.</p>';

export default async function previewPlugin(app: FastifyInstance): Promise<void> {
  const { sendPreview } = createPageSender(
    pageConfig(app.cfg.dev),
    app.content,
    app.measurement.keys.identify,
  );
  const entry = join(app.cfg.distDir, 'index.html');

  app.get<{ Params: { token: string } }>('/preview/:token', async (request, reply) => {
    const draft = await app.content.flow.previewed(request.params.token);
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
    if (!draft) return reply.code(410).type('text/html; charset=utf-8').send(GONE);
    if (!existsSync(entry))
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><p>The app is not built yet. Run <code>npm run build</code>, then reload.</p>');
    const body = Buffer.from(draft.text, 'utf8');
    return sendPreview(request, reply, entry, {
      id: draft.name,
      file: { etag: strongEtag(body), body, gzip: () => body },
      expiresAt: draft.expiresAt,
    });
  });
}
