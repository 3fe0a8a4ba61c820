import type { ResolvedConfig } from './config.js';
import type { Db } from './db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    cfg: ResolvedConfig;
    /** Demo stand-in for the SMS gateway: prints a one-time code when printCodes is on. */
    announceCode(kind: string, target: string, code: string): void;
  }
}
