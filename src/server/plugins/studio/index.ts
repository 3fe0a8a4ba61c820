// The screen studio (issues 9 and 17): its two pages, and its API under /studio/api (docs/api.md
// "Studio API"). Registered when the `studio` config flag is on, on the app's port or on its own
// (LENDER_STUDIO_PORT, src/server/studio-server.ts), with everything it uses of the server handed
// over as one typed object (services.ts). Every request must name an allowed host; the API needs a
// session, a role per route, and the CSRF token on writes (guard.ts); each refused privileged
// attempt is audited (refusals.ts).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sizeText } from '../../../wire/studio.js';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { injectConfig } from '../../../config/inject.js';
import { experimentRoutes } from '../../experiments/routes.js';
import { answeredUnavailable, STUDIO_UNAVAILABLE } from '../../lib/unavailable.js';
import { Refusal } from '../../lib/refusal.js';
import { pageConfig } from '../static-app.js';
import { accountRoutes } from './account-routes.js';
import { assetRoutes } from './asset-routes.js';
import { auditRoutes } from './audit-routes.js';
import { contentRoutes } from './content-routes.js';
import { refuse, refuseAs, registerGuard, registerHostCheck } from './guard.js';
import { registerRefusalAudit } from './refusals.js';
import { studioServices, type StudioDeps } from './services.js';
import { sessionRoutes } from './session-routes.js';
import { statusRoutes } from './status-routes.js';

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>Screen studio</title>' +
  '<p>The studio is not built yet. Run <code>npm run build</code>, then reload.</p>';

/** `deps`: everything it uses of the server; it reads no decoration of `app` (services.ts). */
export default async function studioPlugin(app: FastifyInstance, deps: StudioDeps): Promise<void> {
  const services = studioServices(deps);
  const { cfg } = services;
  const { distDir } = cfg;
  const config = pageConfig(cfg.dev);

  await app.register(async (studio) => {
    registerHostCheck(studio, cfg);
    registerRefusalAudit(studio, services);

    // The pages hold no data and no secret: what they show comes from the API, after sign-in.
    async function page(reply: FastifyReply, file: string): Promise<FastifyReply> {
      const path = join(distDir, file);
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      if (!existsSync(path)) return reply.code(503).send(NOT_BUILT);
      return reply.code(200).send(injectConfig(await readFile(path, 'utf8'), config));
    }
    studio.get('/studio', async (_request, reply) => page(reply, 'studio.html'));
    studio.get('/studio/', async (_request, reply) => page(reply, 'studio.html'));
    studio.get('/studio/preview', async (_request, reply) => page(reply, 'studio-preview.html'));

    await studio.register(
      async (api) => {
        registerGuard(api, cfg, services.sessions);
        api.setErrorHandler(async (error: FastifyError, request, reply) => {
          if (
            answeredUnavailable(
              error,
              reply,
              (message) => ({ ok: false, message, unavailable: 'database' }),
              STUDIO_UNAVAILABLE,
            )
          )
            return reply;
          // A store's 403 is the four-eyes rule (publishing/draft-moves.ts, experiments/writes.ts):
          // no other refusal of the stores is a 403, so it is audited as refused.four-eyes.
          if (error instanceof Refusal && error.status === 403)
            return refuseAs(reply, 'four-eyes', 403, error.message, error.extra);
          if (error instanceof Refusal) return refuse(reply, error.status, error.message, error.extra);
          // A signed-in caller's body over its route's limit (the guard ran first), refused unread.
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
            return refuseAs(
              reply,
              'too-large',
              413,
              request.routeOptions.config?.tooLarge ??
                `The request is too large: this address takes at most ${sizeText(request.routeOptions.bodyLimit ?? 0)}`,
            );
          if (error.validation || (error.statusCode && error.statusCode < 500))
            return refuse(reply, error.statusCode ?? 400, error.message);
          request.log.error({ err: error }, 'studio request failed');
          return refuse(reply, 500, 'Internal server error');
        });
        sessionRoutes(api, services);
        statusRoutes(api, services);
        contentRoutes(api, services);
        auditRoutes(api, services);
        accountRoutes(api, services);
        assetRoutes(api, services);
        experimentRoutes(api, services.experiments);
      },
      { prefix: '/studio/api' },
    );
  });
}
