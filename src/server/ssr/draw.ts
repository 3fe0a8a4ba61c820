// What the page routes hand createPageSender (lib/page-html.ts) to draw a route's screen: the
// renderer (loaded on first use), the request as the phone will see it, the published manifest and
// the page's configuration, and the API answered for this request's borrower: in-process, or by
// the lender's API over HTTP when it lives elsewhere (upstream.ts).
import type { FastifyInstance } from 'fastify';
import { pickConfig } from '../../config/load.js';
import type { AppConfig } from '../../config/types.js';
import type { Manifest } from '../../manifest/routes.js';
import { safeJson } from '../../config/inject.js';
import type { DrawPage } from './drawn-page.js';
import { inProcessFetch } from './in-process.js';
import { isPreview } from './previewers.js';
import { pageRenderer } from './renderer.js';
import { upstreamFetch } from './upstream.js';

/** The sources' deadline on the server: past it the page is drawn loading and the phone calls them. */
export const ANSWER_WITHIN_MS = 2_000;

/**
 * A request with `X-Lender-Draw: phone` gets the page as before issue 26, for the phone to draw
 * and to call its sources itself: support uses it to tell a drawing problem from a data one, and
 * the end-to-end specs that replace the API's replies in the browser use it (the phone's own path
 * is still the one every page falls back to). It only ever costs the asker a slower page.
 */
export const DRAW_HEADER = 'x-lender-draw';

export function createDraw(app: FastifyInstance, config: AppConfig): DrawPage | undefined {
  if (!app.cfg.ssrModule) return undefined;
  const renderer = pageRenderer(app.cfg.ssrModule, (message) => app.log.warn(message));
  const configText = safeJson(pickConfig(config));
  // The lender's API elsewhere (LENDER_SSR_UPSTREAM), else this server's own routes.
  const upstream = app.cfg.ssrUpstream;
  return async (request, _reply, screen) => {
    // A link preview or a HEAD is no visit: nothing is answered for it (previewers.ts).
    if (request.headers[DRAW_HEADER] === 'phone' || isPreview(request)) return null;
    const manifest = app.content.published().manifest as Manifest | null;
    const render = await renderer();
    if (!render || !manifest) return null;
    const origin = `${request.protocol}://${request.host}`;
    try {
      return await render.render({
        href: origin + request.url,
        cookie: request.headers.cookie ?? '',
        userAgent: request.headers['user-agent'] ?? '',
        entry: screen.entry,
        screenId: screen.id,
        doc: screen.doc,
        manifest,
        configText,
        fetch: upstream ? upstreamFetch(upstream, request, origin) : inProcessFetch(app, request, origin),
        answerWithinMs: ANSWER_WITHIN_MS,
      });
    } catch (error) {
      // A page the server cannot draw is drawn by the phone, as before.
      request.log.warn({ err: error, screen: screen.id }, 'page not drawn on the server');
      return null;
    }
  };
}
