import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/connection.js';
import { probeDatabase } from '../db/probe.js';
import { createReadiness, type Readiness, type ReadinessReport } from './readiness.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Named readiness checks: `app.readiness.add('content', async () => ...)` (ops/readiness.ts). */
    readiness: Readiness;
  }
}

/** The probe paths. Server-owned like the API prefixes: never an app page (plugins/static-app.ts). */
export const LIVENESS_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

/**
 * Liveness and readiness for load balancers and orchestrators (docs/deploy.md).
 * - `/healthz`: the process answers. It never looks at the database, so an outage there does not
 *   get every instance restarted at once.
 * - `/readyz`: every registered check passes and the shutdown has not begun.
 * Call before the area plugins, so they find `app.readiness` to register their own checks.
 */
export function registerHealth(app: FastifyInstance, database: DbHandle): void {
  const readiness = createReadiness();
  app.decorate('readiness', readiness);

  // Reachable, a primary, and writable again after a write fault (db/probe.ts).
  readiness.add('database', () => probeDatabase(database));
  // The published set's check ('screens') is the content store's (app.ts, publishing/content.ts).

  let lastFailed = '';
  const logChange = (report: ReadinessReport) => {
    const failed = Object.entries(report.reasons)
      .map(([name, reason]) => `${name}: ${reason}`)
      .join('; ');
    if (failed === lastFailed) return;
    if (failed) app.log.warn({ readiness: report.reasons }, `not ready: ${failed}`);
    else app.log.info('ready again');
    lastFailed = failed;
  };

  // Probes come every few seconds from every balancer: not worth a log line each.
  const probe = { logLevel: 'warn' as const };
  app.get(LIVENESS_PATH, probe, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get(READINESS_PATH, probe, async (_request, reply) => {
    const report = await readiness.run();
    if (!report.draining) logChange(report);
    reply.header('Cache-Control', 'no-store');
    const status = report.ready ? 'ready' : report.draining ? 'draining' : 'not ready';
    const faults = Object.keys(report.faults).length > 0 ? { faults: report.faults } : {};
    return reply.code(report.ready ? 200 : 503).send({ status, checks: report.checks, ...faults });
  });
}
