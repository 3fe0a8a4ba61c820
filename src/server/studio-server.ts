// The studio on its own listener (LENDER_STUDIO_PORT): the same database, configuration and
// published set as the app, but only the studio's pages, its API and the built assets they load.
// The borrower-facing listener then has no /studio at all.
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { registerRejectDeep } from './lib/reject-deep.js';
import { loggingOptions, registerRequestId } from './ops/logging.js';
import { registerRejectNul } from './lib/reject-nul.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import studioPlugin from './plugins/studio/index.js';
import { registerAssets } from './plugins/static-app.js';

export async function buildStudioServer(app: FastifyInstance): Promise<FastifyInstance> {
  const { cfg } = app;
  const studio = Fastify({
    ...loggingOptions(cfg.logLevel),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    trustProxy: cfg.trustProxy,
  });
  studio.decorate('db', app.db);
  studio.decorate('dbHealth', app.dbHealth);
  studio.decorate('cfg', cfg);
  studio.decorate('content', app.content);
  registerRequestId(studio);
  registerRejectDeep(studio);
  registerRejectNul(studio);
  registerSecurityHeaders(studio);
  await studio.register(studioPlugin);
  if (existsSync(join(cfg.distDir, 'studio.html'))) await registerAssets(studio, cfg.distDir);
  studio.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
  );
  app.addHook('onClose', async () => studio.close());
  return studio;
}
