import type { FastifyInstance } from 'fastify';
import { isProduction, type Env } from './production.js';

export interface ShutdownSettings {
  /** Readiness answers "draining" this long before the listener closes, so balancers stop sending. */
  drainMs: number;
  /** From the signal to a forced exit, whatever is still running. */
  timeoutMs: number;
}

const number = (value: string | undefined, fallback: number) =>
  value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : fallback;

/** LENDER_DRAIN_MS (5000 in production, else 0) and LENDER_SHUTDOWN_TIMEOUT_MS (25000). */
export function shutdownSettings(env: Env): ShutdownSettings {
  return {
    drainMs: number(env.LENDER_DRAIN_MS, isProduction(env) ? 5000 : 0),
    timeoutMs: number(env.LENDER_SHUTDOWN_TIMEOUT_MS, 25_000),
  };
}

/**
 * Graceful stop on SIGTERM or SIGINT:
 * 1. readiness turns false at once (balancers that poll /readyz take the instance out);
 * 2. after `drainMs` the listener closes: new connections are refused, requests on kept-alive
 *    connections get 503 with `Connection: close`, requests in flight finish;
 * 3. onClose hooks run (the database closes) and the process exits 0.
 * A second signal skips what is left of the pause. Past `timeoutMs` the process exits 1 anyway.
 */
export function installShutdown(
  app: FastifyInstance,
  settings: ShutdownSettings,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let skipDrain: (() => void) | undefined;
  let started = false;

  const stop = (signal: NodeJS.Signals) => {
    if (started) {
      skipDrain?.();
      return;
    }
    started = true;
    app.readiness.drain();
    app.log.info({ signal, ...settings }, 'shutdown: draining');
    const deadline = setTimeout(() => {
      app.log.error(
        { timeoutMs: settings.timeoutMs },
        'shutdown: deadline passed, exiting with requests unfinished',
      );
      exit(1);
    }, settings.timeoutMs);
    deadline.unref();
    new Promise<void>((resolve) => {
      skipDrain = resolve;
      setTimeout(resolve, settings.drainMs);
    })
      .then(() => {
        app.log.info('shutdown: closing the listener, finishing requests in flight');
        return app.close();
      })
      .then(
        () => {
          app.log.info('shutdown: done');
          exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown: close failed');
          exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
