// The studio on its own listener (LENDER_STUDIO_PORT): the same database, configuration, published
// set and experiments as the app, but only the studio's pages, its API and the built assets they
// load. The borrower-facing listener then has no /studio at all. What the studio uses of the server
// comes in `deps` (plugins/studio/services.ts): this instance has no decoration of the app's, so
// nothing the studio needs can be missing here and present on the app's port.
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { registerRejectDeep } from './lib/reject-deep.js';
import { registerRouteTable } from './lib/route-table.js';
import { loggingOptions, registerRequestId } from './ops/logging.js';
import { registerRejectNul } from './lib/reject-nul.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { registerDemoImages } from './plugins/demo-images.js';
import { registerMedia } from './plugins/media.js';
import studioPlugin from './plugins/studio/index.js';
import type { StudioDeps } from './plugins/studio/services.js';
import { registerAssets } from './plugins/static-app.js';

export async function buildStudioServer(deps: StudioDeps): Promise<FastifyInstance> {
  const { cfg } = deps;
  const studio = Fastify({
    ...loggingOptions(cfg.logLevel),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    trustProxy: cfg.trustProxy,
  });
  registerRouteTable(studio);
  registerRequestId(studio);
  registerRejectDeep(studio);
  registerRejectNul(studio);
  registerSecurityHeaders(studio);
  await studio.register(studioPlugin, deps);
  // The phone preview loads the page's app paths from this origin: the uploaded pictures too.
  registerMedia(studio, deps.db);
  registerDemoImages(studio);
  if (existsSync(join(cfg.distDir, 'studio.html'))) await registerAssets(studio, cfg.distDir);
  studio.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
  );
  return studio;
}
