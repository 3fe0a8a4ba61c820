import type { FastifySchema } from 'fastify';
import type { ResolvedConfig } from './config.js';
import type { DbHealth } from './db/health.js';
import type { Db } from './db/schema.js';
import type { Measurement } from './events/measurement.js';
import type { Experiments } from './experiments/index.js';
import type { Content } from './publishing/content.js';
import type { Catalogue } from './repos/catalogue.js';

/** A registered route as the onRoute hook saw it. */
export interface RouteInfo {
  method: string | string[];
  url: string;
  schema?: FastifySchema | undefined;
  /** The route's config (`access`: src/server/identity/; `roles`: the studio's, plugins/studio/guard.ts). */
  config?: { access?: string; roles?: unknown } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its schema (tests and tools walk the API with it). */
    routeTable: readonly RouteInfo[];
    db: Db;
    /** What the statements met: a database fault now, or none (db/health.ts). */
    dbHealth: DbHealth;
    cfg: ResolvedConfig;
    /** The product list, read at most every few seconds (repos/catalogue.ts). */
    catalogue: Catalogue;
    /** Demo stand-in for the SMS gateway: prints a one-time code when printCodes is on. */
    announceCode(kind: string, target: string, code: string): void;
    /** Published screens and the manifest, the publishing flow, readiness (src/server/publishing/). */
    content: Content;
    /** Borrower keys, the event writer and the server's own goals (src/server/events/measurement.ts). */
    measurement: Measurement;
    /** Staged rollouts and experiments: the serving hook and the studio's actions (src/server/experiments/). */
    experiments: Experiments;
    /** The studio's own listener, when LENDER_STUDIO_PORT puts it on another port (main.ts listens). */
    studioServer?: FastifyInstance;
  }
}
