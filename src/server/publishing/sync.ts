// Telling the other instances that something was published (PostgreSQL): NOTIFY in the
// publishing transaction (delivered at commit), and a LISTEN connection in every instance that
// reconnects when it drops. A notification that is missed is caught by the periodic version check.
import { sql } from 'kysely';
import pg from 'pg';
import type { DbTarget } from '../db/connection.js';
import { APPLICATION_NAME } from '../db/postgres.js';
import type { Db } from './store.js';

/** One channel per schema, so test servers sharing a database do not wake each other. */
export function channelOf(target: DbTarget): string | null {
  if (target.kind !== 'postgres') return null;
  return target.schema ? `lender_content_${target.schema}` : 'lender_content';
}

export function notifier(target: DbTarget): (db: Db, version: number) => Promise<void> {
  const channel = channelOf(target);
  if (!channel) return async () => {};
  return async (db, version) => {
    await sql`select pg_notify(${channel}, ${String(version)})`.execute(db);
  };
}

export interface Listener {
  /** The database is back: a reconnection waiting for its backoff happens now. */
  wake(): void;
  close(): Promise<void>;
}

export interface ListenerLog {
  warn(message: string, error?: unknown): void;
  info(message: string): void;
}

/** The waits between reconnection attempts: short at first (a blip), then no more than maxMs. */
export interface ListenerRetry {
  firstMs: number;
  maxMs: number;
}

/**
 * The LISTEN connection of one instance (issue 30): when it drops (a restart, a failover, a proxy
 * cutting it) it reconnects with backoff and LISTENs again, then reloads, so whatever was published
 * while it was deaf is served at once. One warning when it is lost and one line when it is back,
 * not one per attempt.
 */
export function listenForPublications(
  target: DbTarget & { kind: 'postgres' },
  onPublished: () => void,
  log: ListenerLog,
  retry: ListenerRetry = { firstMs: 250, maxMs: 5000 },
): Listener {
  const channel = channelOf(target)!;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  /** Failed attempts since it last listened (0: listening, or the first attempt). */
  let failures = 0;

  const lost = (message: string, error: unknown) => {
    if (failures++ === 0) log.warn(message, error);
    if (closed || timer) return;
    const waitMs = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.min(failures - 1, 20));
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, waitMs);
    timer.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: target.url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: APPLICATION_NAME,
    });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) onPublished();
    });
    // Both may come for one loss; only the current client's count.
    const drop = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      lost('the publication listener lost its connection; reconnecting', error);
    };
    next.on('error', drop);
    next.on('end', () => drop());
    try {
      await next.connect();
      if (closed) {
        await next.end();
        return;
      }
      await next.query(`listen "${channel.replace(/"/g, '""')}"`);
      if (failures > 0)
        log.info(`the publication listener is listening again (after ${failures} failed attempts)`);
      failures = 0;
      // Whatever was published while it was not listening.
      onPublished();
    } catch (error) {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      lost('the publication listener could not connect; retrying', error);
    }
  }

  void connect();
  return {
    wake() {
      if (closed || !timer) return;
      clearTimeout(timer);
      timer = null;
      void connect();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
