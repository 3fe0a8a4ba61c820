// What the server reads from the database before it can serve: the schema migrated, the demo data
// and accounts seeded, the published set loaded, the experiments running. One attempt opens
// everything and closes it again if any step fails; a database fault (unreachable, starting up,
// locked) makes the whole attempt start over after a backoff (issue 30), anything else stops the
// start with its error.
import type { FastifyBaseLogger } from 'fastify';
import { accountsOf } from './accounts/accounts.js';
import { seedDemoAccounts } from './accounts/demo.js';
import type { ResolvedConfig } from './config.js';
import { openDb, type DbHandle } from './db/connection.js';
import { createDbHealth } from './db/health.js';
import { migrateToLatest } from './db/migrate.js';
import { retryWhileUnavailable } from './db/retry.js';
import { seedDemo } from './db/seed.js';
import { startMeasurement, type Measurement } from './events/measurement.js';
import { startExperiments, type Experiments } from './experiments/index.js';
import { startContent, type Content } from './publishing/content.js';
import { importUploadFolder } from './repos/stored-files.js';
import { UPLOAD_NAME } from './repos/uploads.js';

export interface Data {
  handle: DbHandle;
  content: Content;
  measurement: Measurement;
  experiments: Experiments;
  close(): Promise<void>;
}

export function startData(cfg: ResolvedConfig, log: FastifyBaseLogger): Promise<Data> {
  return retryWhileUnavailable(
    'waiting for the database at start',
    () => attempt(cfg, log),
    cfg.dbRetry,
    log,
  );
}

/**
 * PostgreSQL migrations run on a connection of their own without the statement timeout (an index
 * on a large table may take minutes); SQLite has no timeout, and ':memory:' must stay one handle.
 */
async function migrate(cfg: ResolvedConfig): Promise<void> {
  if (cfg.db.kind !== 'postgres') return;
  const handle = openDb(cfg.db, { ...cfg.dbSettings, poolSize: 2, queryTimeoutMs: 0 });
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
}

async function attempt(cfg: ResolvedConfig, log: FastifyBaseLogger): Promise<Data> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer().catch(() => undefined);
  };
  const warn = (message: string, error?: unknown) => log.warn({ err: error }, message);
  try {
    await migrate(cfg);
    const handle = openDb(cfg.db, cfg.dbSettings, createDbHealth(log));
    closers.push(() => handle.close());
    if (cfg.db.kind === 'sqlite') await migrateToLatest(handle);
    // Seeded on the server's clock (tests move it): the demo's due dates are days from now.
    if (cfg.seed) await seedDemo(handle.db, cfg.now());
    // Uploads kept as files before they moved into the database (issue 29 §5).
    await importUploadFolder(handle.db, cfg.uploadsDir, UPLOAD_NAME);
    // Screens and the manifest as published (src/server/publishing/): the baseline imported, the
    // published set loaded, and kept current with the other instances.
    const content = await startContent({
      db: handle.db,
      target: cfg.db,
      screensDir: cfg.screensDir,
      now: cfg.now,
      fourEyes: cfg.fourEyes,
      previewSecret: cfg.previewSecret,
      previewTtlMs: cfg.previewMinutes * 60_000,
      pollMs: cfg.publishPollMs,
      log: warn,
      info: (message) => log.info(message),
    });
    closers.push(() => content.close());
    handle.health.onRecovered(() => content.wake());
    // Borrower keys, the event writer and the server's own goals (src/server/events/), shared by the
    // pages, the experiments, the track endpoint and the routes whose success is a goal.
    const measurement = await startMeasurement(handle.db, cfg, warn);
    // Rollouts and experiments: which arm of a screen each borrower is served (src/server/experiments/).
    const experiments = await startExperiments({
      db: handle.db,
      target: cfg.db,
      content,
      now: cfg.now,
      fourEyes: cfg.fourEyes,
      keys: measurement.keys,
      log: warn,
    });
    closers.push(() => experiments.close());
    // What was acknowledged or served is written before the database closes (closed first).
    closers.push(() => measurement.writer.idle());
    if (cfg.demoAccounts) await seedDemoAccounts(accountsOf(handle.db, cfg));
    return { handle, content, measurement, experiments, close };
  } catch (error) {
    await close();
    throw error;
  }
}
