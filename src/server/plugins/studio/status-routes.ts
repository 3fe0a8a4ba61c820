// GET /studio/api/status: whether the database answers (issue 30). The studio page asks it while
// it shows "the database is unavailable", to take the notice down by itself once it is back. No
// session needed: sessions live in the database, and the sign-in page shows the notice too.
import type { FastifyInstance } from 'fastify';
import { probeDatabase } from '../../db/probe.js';
import type { StudioDeps } from './services.js';

export function statusRoutes(api: FastifyInstance, s: StudioDeps): void {
  api.get('/status', { config: { roles: 'public' } }, async () => {
    // A fault is a 503 in the studio's shape (the error handler): only the answer's kind differs.
    await probeDatabase({ db: s.db, kind: s.cfg.db.kind, health: s.dbHealth });
    return { ok: true, database: 'ok' };
  });
}
