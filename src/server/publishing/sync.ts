// Telling the other instances that something was published (PostgreSQL): NOTIFY in the
// publishing transaction (delivered at commit), and a LISTEN connection in every instance that
// reconnects when it drops. A notification that is missed is caught by the periodic version check.
import { sql } from 'kysely';
import pg from 'pg';
import type { DbTarget } from '../db/connection.js';
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
  close(): Promise<void>;
}

export function listenForPublications(
  target: DbTarget & { kind: 'postgres' },
  onPublished: () => void,
  log: (message: string, error?: unknown) => void,
  retryMs = 1000,
): Listener {
  const channel = channelOf(target)!;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: target.url });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) onPublished();
    });
    next.on('error', (error) => {
      log('the publication listener lost its connection; reconnecting', error);
      void next.end().catch(() => undefined);
      again();
    });
    next.on('end', () => {
      if (client === next) again();
    });
    try {
      await next.connect();
      if (closed) {
        await next.end();
        return;
      }
      await next.query(`listen "${channel.replace(/"/g, '""')}"`);
      // Whatever was published while it was not listening.
      onPublished();
    } catch (error) {
      log('the publication listener could not connect; retrying', error);
      void next.end().catch(() => undefined);
      again();
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
