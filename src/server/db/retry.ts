// Start-up against a database that is not there yet (issue 30): a restart of the database, a
// failover, or all instances starting before it. Faults are retried with exponential backoff and
// a log line each; anything else (a wrong password, a failing migration) stops the start at once.
import { dbFaultOf, FAULT_MEANING } from './faults.js';

export interface RetrySettings {
  /** The first wait; each next one doubles, up to maxMs. */
  firstMs: number;
  maxMs: number;
  /** Attempts before giving up (the fault is thrown); default: no limit. */
  attempts?: number | undefined;
}

export interface RetryLog {
  warn(fields: object, message: string): void;
}

/** The wait before attempt `n + 1` (n ≥ 1): doubling, capped, with ±20% jitter so instances spread out. */
export function backoffMs(n: number, retry: RetrySettings, random = Math.random): number {
  const base = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.min(n - 1, 30));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export async function retryWhileUnavailable<T>(
  what: string,
  attempt: () => Promise<T>,
  retry: RetrySettings,
  log: RetryLog,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const fault = dbFaultOf(error);
      if (!fault || n >= (retry.attempts ?? Infinity)) throw error;
      const waitMs = backoffMs(n, retry);
      log.warn(
        { database: fault.kind, attempt: n, retryInMs: waitMs, err: { message: fault.detail } },
        `${what}: ${FAULT_MEANING[fault.kind]}; trying again in ${waitMs} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
