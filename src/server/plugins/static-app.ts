import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, familyOfPath } from '../lib/envelope.js';
import {
  isPromoPath,
  PROMO_PAGES,
  promoPathRoute,
  promoScreen,
  routeEntries,
} from '../../manifest/routes.js';
import { createPageSender } from '../lib/page-html.js';
import { createDraw } from '../ssr/draw.js';
import { loadConfig } from '../../config/load.js';
import type { AppConfig } from '../../config/types.js';

/**
 * The page's configuration: defaults < LENDER_* environment < the demo's own switches. The demo
 * server (dev flag) turns on the developer preview (ruling 10), the studio and the page's
 * development aids unless the environment says otherwise; a production start (LENDER_DEV=0)
 * leaves them off.
 */
export function pageConfig(dev: boolean, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const demo: Partial<AppConfig> = {};
  if (dev && env.LENDER_DEV_PREVIEW === undefined) demo.devPreview = true;
  if (dev && env.LENDER_STUDIO === undefined) demo.studio = true;
  if (dev && env.LENDER_DEV_TOOLS === undefined) demo.devTools = true;
  return loadConfig(env, demo);
}

/**
 * Paths that are never the single-page app, so a miss there is a real 404. `/service` itself is
 * the customer-service page (ruling 14); only what lies under it (/service/event/save) is API.
 * `/studio` is served by plugins/studio/ when the studio is on, and is a 404 otherwise; `/preview`
 * by plugins/preview.ts. `/healthz` and `/readyz` are the probes (ops/health.ts): a manifest route
 * there is never served.
 */
const NOT_APP =
  /^\/((nepenthes|v3|ndustan|api|gopia|dev|studio|preview|screens|uploads|media|assets-demo|assets|healthz|readyz)(\/|$)|service\/)/;

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>Lender app</title>' +
  '<p>The app is not built yet. Run <code>npm run build</code>, then reload.</p>';

/**
 * The built files of dist/ but its HTML (served by the page routes, which put the configuration
 * in): hashed assets cached for a year, the rest for an hour. The studio's own listener serves
 * them too (src/server/studio-server.ts).
 */
export async function registerAssets(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: true,
    // HTML goes through the page routes, which put the configuration into the page.
    index: false,
    // The build writes .br and .gz beside each asset (src/app/build/precompress.ts).
    preCompressed: true,
    allowedPath: (path) => !path.endsWith('.html'),
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders: (reply, path) => {
      if (/[\\/]assets[\\/]/.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (path.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
      else reply.header('Cache-Control', 'public, max-age=3600');
    },
  });
}

/**
 * The built app (dist/): hashed assets cached for a year, HTML never cached, and the SPA fallback.
 * Registered on the root instance because it owns the global not-found handler.
 */
export async function registerStaticApp(app: FastifyInstance): Promise<void> {
  const dist = app.cfg.distDir;
  const built = existsSync(join(dist, 'index.html'));

  if (built) await registerAssets(app, dist);

  const config = pageConfig(app.cfg.dev);

  // The main entry's pages carry their screen document; the promotion entry's hash addresses cannot
  // (the route is in the URL's hash, which the server never sees): they carry the current version
  // of each promotion screen instead, so a kept copy the server has replaced is not drawn (issue 29
  // §1). Its server-visible addresses (/promo/landing?id=1) carry both, and are drawn (issue 26).
  const { sendPage } = createPageSender(
    config,
    {
      // A screen under an experiment is served as the borrower's arm (src/server/experiments/).
      load: async (rel, borrower) =>
        borrower
          ? app.experiments.file(rel, borrower.request, borrower.reply)
          : app.content.published().file(rel),
      manifestTag: () => app.content.manifestTag(),
      version: () => app.content.published().version,
    },
    app.measurement.keys.identify,
    createDraw(app, config),
  );

  /** dist/promo.html or dist/promo/index.html, whichever the build produced. */
  function promoEntry(): string | null {
    for (const candidate of [join(dist, 'promo.html'), join(dist, 'promo', 'index.html')]) {
      if (existsSync(candidate)) return candidate;
    }
    return null;
  }

  // The root is a directory to the static plugin (403 with index: false): serve the page here.
  if (built)
    app.get('/', async (request, reply) =>
      sendPage(request, reply, join(dist, 'index.html'), { inline: true }),
    );

  const wantsPage = (request: FastifyRequest, path: string) =>
    (request.method === 'GET' || request.method === 'HEAD') &&
    String(request.headers.accept ?? '').includes('text/html') &&
    !NOT_APP.test(path);

  async function servePage(request: FastifyRequest, reply: FastifyReply, path: string) {
    if (!built)
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(NOT_BUILT);
    const promo = isPromoPath(path) ? promoEntry() : null;
    if (!promo) return sendPage(request, reply, join(dist, 'index.html'), { inline: true });
    // A server-visible promotion address (/promo/landing?id=1, issue 26 item 3) is drawn with its
    // template's document as a route's page is; an unknown template id is a 404 with the entry's
    // not-found page ("This promotion is not available", ruling 15), drawn too. /promo/ and other
    // paths under it are the hash form's page: its route is after the #, which never gets here.
    const route = promoPathRoute(path, request.url.slice(path.length));
    const manifest = app.content.published().manifest;
    const screen = route && manifest ? promoScreen(manifest, route.page, route.query) : null;
    return sendPage(request, reply, promo, {
      inline: false,
      current: true,
      ...(screen ? { screen } : {}),
      missing: !!route && !!manifest && !screen,
    });
  }

  // The published manifest's page paths as the server starts get routes of their own, so a page
  // request goes straight to the page: through the static plugin's wildcard it cost a stat and a
  // directory read per path segment before the fallback (a third of the page's time). A path
  // published later is served by the fallback.
  const manifest = app.content.published().manifest;
  const paths = manifest ? routeEntries(manifest, config).map((e) => e.path) : [];
  if (built)
    for (const path of new Set([...paths, '/promo/', ...PROMO_PAGES.map((page) => `/promo/${page}`)])) {
      if (path === '/' || NOT_APP.test(path)) continue;
      app.get(path, async (request, reply) =>
        wantsPage(request, path) ? servePage(request, reply, path) : reply.callNotFound(),
      );
    }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (wantsPage(request, path)) return servePage(request, reply, path);
    const family = familyOfPath(path);
    const message = `Not found: ${request.method} ${path}`;
    return reply.code(404).send(family ? fail(family, '404', message) : { message });
  });
}
