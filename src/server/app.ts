import Fastify, { type FastifyInstance } from 'fastify';
import { resolveConfig, type ServerOptions } from './config.js';
import { registerIdempotency, purgeKeys } from './idempotency/index.js';
import { registerIdentity } from './identity/index.js';
import { registerFormBody } from './lib/form-body.js';
import { registerRejectDeep } from './lib/reject-deep.js';
import { registerRejectNul } from './lib/reject-nul.js';
import { htmlCsp, registerSecurityHeaders } from './lib/security-headers.js';
import { registerRouteTable } from './lib/route-table.js';
import { registerSweeper } from './lib/sweeper.js';
import { answeredUnavailable } from './lib/unavailable.js';
import { invalidOrigins, parseOrigins } from '../config/origins.js';
import { devicesOf } from './accounts/devices.js';
import { signInLimitsOf } from './accounts/sign-in-limits.js';
import { flushRefusals } from './audit/refusals.js';
import { sweepPreviewClaims } from './publishing/preview-claims.js';
import { createCatalogue } from './repos/catalogue.js';
import eventsPlugin from './events/plugin.js';
import { sweepOrphanUploads } from './repos/uploads.js';
import { registerHealth } from './ops/health.js';
import { loggingOptions, registerRequestId } from './ops/logging.js';
import bankPlugin from './plugins/bank.js';
import complaintPlugin from './plugins/complaint.js';
import demoAssetsPlugin from './plugins/demo-assets.js';
import devPlugin from './plugins/dev.js';
import legacyPlugin from './plugins/legacy.js';
import loanPlugin from './plugins/loan.js';
import productPlugin from './plugins/product.js';
import previewPlugin from './plugins/preview.js';
import registrationPlugin from './plugins/registration.js';
import repaymentPlugin from './plugins/repayment.js';
import screensPlugin from './plugins/screens.js';
import servicePlugin from './plugins/service.js';
import { registerMedia } from './plugins/media.js';
import { pageConfig, registerStaticApp } from './plugins/static-app.js';
import type { StudioDeps } from './plugins/studio/services.js';
import uploadsPlugin from './plugins/uploads.js';
import variantPlugin from './plugins/variant.js';
import { startData } from './start-data.js';

export type { ServerOptions } from './config.js';

/**
 * The reference lender server: migrated, seeded and with every plugin registered, not yet listening.
 * Tests drive it with app.inject; main.ts calls listen.
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const cfg = resolveConfig(options);
  const app = Fastify({
    ...loggingOptions(cfg.logLevel),
    trustProxy: cfg.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request arriving during shutdown gets a quick 503 instead of a half-closed database.
    return503OnClosing: true,
  });
  // Migrated, seeded, the published set and the experiments loaded; retried while the database
  // is unreachable (start-data.ts).
  const data = await startData(cfg, app.log);
  const { handle, content } = data;
  registerRouteTable(app);
  app.decorate('db', handle.db);
  app.decorate('dbHealth', handle.health);
  app.decorate('cfg', cfg);
  app.decorate('catalogue', createCatalogue(handle.db));
  app.decorate('announceCode', (kind: string, target: string, code: string) => {
    if (cfg.printCodes) console.log(`[demo ${kind}] ${target}: ${code}`);
  });
  app.decorate('content', content);
  app.decorate('measurement', data.measurement);
  app.decorate('experiments', data.experiments);
  app.addHook('onClose', async () => data.close());
  // Request ids, /healthz and /readyz (with app.readiness for the plugins below to add checks to).
  registerRequestId(app);
  registerHealth(app, handle);
  // Ready once the published set is loaded and has a manifest (the pages' routes).
  app.readiness.add('screens', () => {
    const why = content.notReady();
    if (why) throw new Error(why);
  });

  // Fallback for routes outside the family plugins (those shape errors in their own envelope).
  app.setErrorHandler(async (error: { statusCode?: number; message: string }, request, reply) => {
    if (answeredUnavailable(error, reply, (message) => ({ message }))) return reply;
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ message: status === 500 ? 'Internal server error' : error.message });
  });
  registerFormBody(app);
  registerRejectDeep(app);
  registerRejectNul(app);
  const { allowedOrigins } = pageConfig(cfg.dev);
  for (const entry of invalidOrigins(allowedOrigins))
    app.log.warn(`allowedOrigins: ${JSON.stringify(entry)} is not an http(s) origin; ignored`);
  registerSecurityHeaders(app, htmlCsp(parseOrigins(allowedOrigins)));
  // Before the plugins: every route's declared access and write keys go through these hooks.
  registerIdentity(app);
  registerIdempotency(app);
  registerSweeper(
    app,
    {
      'orphaned uploads': () => sweepOrphanUploads(handle.db, new Date(Date.now() - cfg.orphanUploadAgeMs)),
      'expired idempotency keys': () => purgeKeys(handle.db),
      'old refused sign-ins': () => signInLimitsOf(handle.db, cfg.now).sweep(),
      'unused studio devices': () => devicesOf(handle.db, cfg.now).sweep(),
      'closed windows of refusals': () => flushRefusals(handle.db, cfg.now()),
      'claims of expired preview links': () => sweepPreviewClaims(handle.db, cfg.now()),
    },
    cfg.sweepIntervalMs,
  );

  await app.register(screensPlugin);
  await app.register(demoAssetsPlugin);
  await app.register(uploadsPlugin);
  registerMedia(app, handle.db);
  await app.register(loanPlugin);
  await app.register(productPlugin);
  await app.register(repaymentPlugin);
  await app.register(bankPlugin);
  await app.register(complaintPlugin);
  await app.register(servicePlugin);
  await app.register(registrationPlugin);
  await app.register(legacyPlugin);
  await app.register(variantPlugin);
  await app.register(eventsPlugin);
  if (cfg.dev) await app.register(devPlugin);
  await app.register(previewPlugin);
  // Loaded only when on: a production server never loads the studio's code. On its own port
  // (LENDER_STUDIO_PORT) the borrower-facing listener never serves it.
  if (pageConfig(cfg.dev).studio) {
    // One typed object of everything the studio uses, on either port (plugins/studio/services.ts).
    const deps: StudioDeps = {
      db: handle.db,
      dbHealth: handle.health,
      cfg,
      content,
      experiments: data.experiments,
    };
    if (cfg.studioPort === null)
      await app.register((await import('./plugins/studio/index.js')).default, deps);
    else {
      const studio = await (await import('./studio-server.js')).buildStudioServer(deps);
      app.addHook('onClose', async () => studio.close());
      app.decorate('studioServer', studio);
    }
  }
  // On the root instance: it owns the global not-found handler (SPA fallback, family-shaped 404s).
  await registerStaticApp(app);
  return app;
}
