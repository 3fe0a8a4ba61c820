import Fastify, { type FastifyInstance } from 'fastify';
import { resolveConfig, type ServerOptions } from './config.js';
import { openDb } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed.js';
import { registerFormBody } from './lib/form-body.js';
import { registerRejectDeep } from './lib/reject-deep.js';
import { registerRejectNul } from './lib/reject-nul.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { createCatalogue } from './repos/catalogue.js';
import { registerHealth } from './ops/health.js';
import { loggingOptions, registerRequestId } from './ops/logging.js';
import bankPlugin from './plugins/bank.js';
import complaintPlugin from './plugins/complaint.js';
import demoAssetsPlugin from './plugins/demo-assets.js';
import devPlugin from './plugins/dev.js';
import legacyPlugin from './plugins/legacy.js';
import loanPlugin from './plugins/loan.js';
import registrationPlugin from './plugins/registration.js';
import repaymentPlugin from './plugins/repayment.js';
import screensPlugin from './plugins/screens.js';
import servicePlugin from './plugins/service.js';
import { pageConfig, registerStaticApp } from './plugins/static-app.js';
import uploadsPlugin from './plugins/uploads.js';
import variantPlugin from './plugins/variant.js';
import type { RouteInfo } from './types.js';

export type { ServerOptions } from './config.js';

/**
 * The reference lender server: migrated, seeded and with every plugin registered, not yet listening.
 * Tests drive it with app.inject; main.ts calls listen.
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const cfg = resolveConfig(options);
  const handle = openDb(cfg.db);
  try {
    await migrateToLatest(handle);
    if (cfg.seed) await seedDemo(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }

  const app = Fastify({
    ...loggingOptions(cfg.logLevel),
    trustProxy: cfg.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request arriving during shutdown gets a quick 503 instead of a half-closed database.
    return503OnClosing: true,
  });
  // Every route with its schema, in registration order: the hostile-client tests walk it.
  const routeTable: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    routeTable.push({ method: route.method, url: route.url, schema: route.schema });
  });
  app.decorate('routeTable', routeTable);
  app.decorate('db', handle.db);
  app.decorate('cfg', cfg);
  app.decorate('catalogue', createCatalogue(handle.db));
  app.decorate('announceCode', (kind: string, target: string, code: string) => {
    if (cfg.printCodes) console.log(`[demo ${kind}] ${target}: ${code}`);
  });
  app.addHook('onClose', async () => handle.close());
  // Request ids, /healthz and /readyz (with app.readiness for the plugins below to add checks to).
  registerRequestId(app);
  registerHealth(app);

  // Fallback for routes outside the family plugins (those shape errors in their own envelope).
  app.setErrorHandler(async (error: { statusCode?: number; message: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ message: status === 500 ? 'Internal server error' : error.message });
  });
  registerFormBody(app);
  registerRejectDeep(app);
  registerRejectNul(app);
  registerSecurityHeaders(app);

  await app.register(screensPlugin);
  await app.register(demoAssetsPlugin);
  await app.register(uploadsPlugin);
  await app.register(loanPlugin);
  await app.register(repaymentPlugin);
  await app.register(bankPlugin);
  await app.register(complaintPlugin);
  await app.register(servicePlugin);
  await app.register(registrationPlugin);
  await app.register(legacyPlugin);
  await app.register(variantPlugin);
  if (cfg.dev) await app.register(devPlugin);
  // Loaded only when on: a production server never loads the studio's code.
  if (pageConfig(cfg.dev).studio) await app.register((await import('./plugins/studio.js')).default);
  // On the root instance: it owns the global not-found handler (SPA fallback, family-shaped 404s).
  await registerStaticApp(app);
  return app;
}
