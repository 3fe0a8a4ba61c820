/**
 * Readiness: a small registry of named checks that together say whether this instance should get
 * traffic. Each area registers what it needs to serve borrowers (the database is reachable, the
 * published screens are loaded, ...) with `app.readiness.add(name, check)`; the shutdown turns the
 * whole answer false first, so a load balancer stops sending before the listener closes.
 */

/**
 * Passes when it resolves (to anything but `false`); fails when it throws, rejects or gives `false`.
 * An error with a string `publicReason` (a fixed word such as the database's fault kind, never a
 * host or a path) has it sent in the reply's `faults`.
 */
export type ReadinessCheck = () => unknown;

export interface ReadinessReport {
  ready: boolean;
  /** True once the shutdown began: every check is skipped. */
  draining: boolean;
  /** Per check: 'ok' or 'failed'. */
  checks: Record<string, 'ok' | 'failed'>;
  /** Why each failed check failed: for the log only, never sent (it may name hosts or paths). */
  reasons: Record<string, string>;
  /** Per failed check that gave one, its publicReason: sent in the reply. */
  faults: Record<string, string>;
}

export interface Readiness {
  /** Adds a check; a second check under the same name replaces the first (an area taking over). */
  add(name: string, check: ReadinessCheck, options?: { timeoutMs?: number }): void;
  /** Removes a check (for an area that hands over to another). */
  remove(name: string): void;
  /** From now on the instance answers "not ready" (the shutdown's first step). */
  drain(): void;
  readonly draining: boolean;
  /** Runs every check at once. Concurrent callers share one run, so probes cannot pile up. */
  run(): Promise<ReadinessReport>;
}

const DEFAULT_TIMEOUT_MS = 2000;

export function createReadiness(): Readiness {
  const checks = new Map<string, { check: ReadinessCheck; timeoutMs: number }>();
  let draining = false;
  let running: Promise<ReadinessReport> | null = null;

  /** Undefined when the check passed, else the reason (and the public one, when the check gave it). */
  async function runOne(
    check: ReadinessCheck,
    timeoutMs: number,
  ): Promise<{ reason: string; publicReason?: string } | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const result = await Promise.race([Promise.resolve().then(check), timeout]);
      return result === false ? { reason: 'the check said no' } : undefined;
    } catch (error) {
      const publicReason = (error as { publicReason?: unknown } | null)?.publicReason;
      return {
        reason: error instanceof Error ? error.message : String(error),
        ...(typeof publicReason === 'string' ? { publicReason } : {}),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  async function runAll(): Promise<ReadinessReport> {
    const entries = [...checks];
    const failures = await Promise.all(entries.map(([, { check, timeoutMs }]) => runOne(check, timeoutMs)));
    const report: ReadinessReport = { ready: true, draining: false, checks: {}, reasons: {}, faults: {} };
    entries.forEach(([name], i) => {
      const failure = failures[i];
      report.checks[name] = failure === undefined ? 'ok' : 'failed';
      if (failure !== undefined) {
        report.reasons[name] = failure.reason;
        if (failure.publicReason) report.faults[name] = failure.publicReason;
        report.ready = false;
      }
    });
    // The shutdown may have begun while the checks ran.
    if (draining) return { ...report, ready: false, draining: true };
    return report;
  }

  return {
    add(name, check, options = {}) {
      checks.set(name, { check, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
    },
    remove(name) {
      checks.delete(name);
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    run() {
      if (draining)
        return Promise.resolve({ ready: false, draining: true, checks: {}, reasons: {}, faults: {} });
      running ??= runAll().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
