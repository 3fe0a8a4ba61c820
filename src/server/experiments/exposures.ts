// Exposures as the server records them (issue 28 item 1): each time a page or /screens/ serves a
// borrower an experiment's arm, the borrower key, the arm, the time and the address tag. Not a
// claim: the client cannot say which arm it saw or add a key the server never served. Written off
// the borrower's path: the reply never waits for the database; a borrower already recorded in
// this process is not written again, and the rows of a short while go in one insert (a repeat from
// another instance does nothing, the table's key is experiment, borrower and arm).
import type { Db } from '../publishing/store.js';

export interface ExposureRow {
  experiment_id: number;
  borrower: string;
  arm: string;
  at: string;
  addr: string;
}

export interface ExposureLog {
  /** The server served `arm` of experiment `experimentId` to `borrower` (from the address tagged `addr`). */
  record(experimentId: number, arm: string, borrower: string, addr: string): void;
  /** Writes what waits (results read after it; shutdown). */
  flush(): Promise<void>;
}

/** Rows per insert (5 values each: far under SQLite's parameter limit). */
const CHUNK = 200;
/** How long an exposure may wait in memory before it is written. */
const FLUSH_MS = 200;
const RETRY_MS = 5_000;
/** Borrowers remembered as written, per process; past this the memory starts again (a repeat insert does nothing). */
const REMEMBERED = 200_000;
/** Rows kept waiting while the database refuses them; past this the oldest are dropped (and said so). */
const MAX_WAITING = 50_000;

export function createExposureLog(db: Db, log: (message: string, error?: unknown) => void): ExposureLog {
  let seen = new Set<string>();
  let waiting: ExposureRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: ExposureRow[]): Promise<void> {
    for (let at = 0; at < rows.length; at += CHUNK)
      await db
        .insertInto('experiment_exposures')
        .values(rows.slice(at, at + CHUNK))
        .onConflict((oc) => oc.columns(['experiment_id', 'borrower', 'arm']).doNothing())
        .execute();
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = waiting;
    waiting = [];
    writing = writing.then(async () => {
      if (rows.length === 0) return;
      try {
        await write(rows);
      } catch (error) {
        // Kept for the next flush: a database that was away for a moment loses nothing.
        waiting = [...rows, ...waiting];
        if (waiting.length > MAX_WAITING) {
          log(
            `experiment exposures: ${waiting.length - MAX_WAITING} dropped while the database refused them`,
          );
          waiting = waiting.slice(-MAX_WAITING);
        }
        log('writing experiment exposures failed (kept for the next try)', error);
        timer ??= setTimeout(() => void flush(), RETRY_MS).unref();
      }
    });
    return writing;
  }

  return {
    record(experimentId, arm, borrower, addr) {
      const id = `${experimentId}:${arm}:${borrower}`;
      if (seen.has(id)) return;
      if (seen.size >= REMEMBERED) seen = new Set();
      seen.add(id);
      waiting.push({ experiment_id: experimentId, borrower, arm, at: new Date().toISOString(), addr });
      timer ??= setTimeout(() => void flush(), FLUSH_MS).unref();
    },
    flush,
  };
}
