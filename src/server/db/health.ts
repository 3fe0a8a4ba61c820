// The database's state as the queries see it (issue 30): every statement's outcome goes through
// observed.ts to here. It says whether the database has a fault now, logs the moment a fault
// begins and the moment it ends (one line each, not one per failing request), and lets
// readiness and the borrower error handlers answer from what real queries met.
import { dbFaultOf, FAULT_MEANING, WRITE_FAULTS, type DbFault } from './faults.js';

/** Where the transitions are written (app.log once the server has one). */
export interface HealthLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface DbHealth {
  /** The fault the latest statements met, or null when the last ones worked. */
  fault(): (DbFault & { since: number }) | null;
  /** A statement failed: records it when the error is a fault. */
  failed(error: unknown): void;
  /** A statement worked; `write` when it changed data (a write fault ends only then). */
  succeeded(write: boolean): void;
  /** The log lines go to `log` from now on (the server's logger exists after the database). */
  setLog(log: HealthLog): void;
  /** Calls `listener` each time a fault ends (the LISTEN connection reconnects at once). */
  onRecovered(listener: () => void): void;
}

export function createDbHealth(log: HealthLog | null = null, now = Date.now): DbHealth {
  let current: (DbFault & { since: number }) | null = null;
  let out = log;
  const recovered: (() => void)[] = [];
  return {
    fault: () => current,
    failed(error) {
      const fault = dbFaultOf(error);
      if (!fault) return;
      if (current?.kind === fault.kind) return;
      current = { ...fault, since: now() };
      out?.warn(
        { database: fault.kind, err: { message: fault.detail } },
        `database unavailable: ${FAULT_MEANING[fault.kind]}`,
      );
    },
    succeeded(write) {
      if (!current || (WRITE_FAULTS.has(current.kind) && !write)) return;
      const downMs = now() - current.since;
      out?.info(
        { database: 'ok', after: current.kind, downMs },
        `database available again after ${downMs} ms`,
      );
      current = null;
      for (const listener of recovered) listener();
    },
    setLog(log) {
      out = log;
    },
    onRecovered(listener) {
      recovered.push(listener);
    },
  };
}
