import type { ResolvedConfig } from '../config.js';
import type { Db } from '../db/schema.js';
import { createVerifier } from '../identity/index.js';
import { createBorrowerKeys, loadSecret, type BorrowerKeys } from './borrower-key.js';
import { goalRow, type RecordGoal } from './goals.js';
import { createEventWriter, type EventWriter } from './writer.js';

/**
 * What the whole server shares of the measurement (app.measurement, made before the plugins): the
 * borrower keys (pages, documents, experiments, events and server goals key alike), the one event
 * writer, and the server's own goals.
 */
export interface Measurement {
  keys: BorrowerKeys;
  writer: EventWriter;
  /** A goal the server saw happen (goals.ts), for the borrower whose cookie the request carries. */
  goal: RecordGoal;
}

export async function startMeasurement(
  db: Db,
  cfg: ResolvedConfig,
  log: (message: string, error: unknown) => void,
): Promise<Measurement> {
  const secret = await loadSecret(db, cfg.events.secret);
  // The demo's identities verify nothing (any session id is a borrower): no device is vouched for.
  const keys = createBorrowerKeys({
    secret,
    verify: cfg.identity === 'demo' ? null : createVerifier(cfg),
    production: cfg.production,
  });
  const target = cfg.db;
  const writer = createEventWriter(
    db,
    target.kind === 'sqlite' && target.file !== ':memory:' ? { walFile: `${target.file}-wal` } : {},
  );
  return {
    keys,
    writer,
    goal(request, name) {
      // A borrower the server never gave a key to (an API client without the page's cookie) was
      // never exposed to anything: there is nobody to credit.
      const key = keys.knownKeyOf(request);
      if (!key) return;
      writer
        .write([goalRow(name, key, keys.addressTag(request), Date.now())])
        .catch((error: unknown) => log(`recording the goal ${name} failed`, error));
    },
  };
}
