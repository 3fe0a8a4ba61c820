// @vitest-environment node
// Idempotency that survives a crash (issue 28 item 5). The server is killed (SIGKILL, by the test
// hook LENDER_TEST_CRASH_AFTER_COMMIT) right after a write committed and before its reply went
// out; the borrower's app retries the same tap with the same key on the restarted server. It
// must get the original reply at once (not a 409, not a second write), and the database must
// hold exactly one row. On SQLite, and on PostgreSQL when DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, dropSchema, type Backend } from './helpers.js';
import { baseOf, buildOnce, spawnBuilt, type Built } from './process-helpers.js';

const runs: ReturnType<typeof spawnBuilt>[] = [];
const cleanups: (() => Promise<void>)[] = [];
let built: Built;
beforeAll(async () => {
  built = await buildOnce();
}, 120_000);
afterAll(async () => {
  built?.remove();
  for (const { child } of runs)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

interface Server {
  base: string;
  run: ReturnType<typeof spawnBuilt>;
  /** How it ended: 'SIGKILL' for the hook's kill. */
  ended: Promise<NodeJS.Signals | number | null>;
}

/** The built server in its own process, on `database`, optionally with the crash hook. */
async function start(database: Record<string, string>, dir: string, crashRoute?: string): Promise<Server> {
  const run = spawnBuilt(built.entry, {
    ...database,
    UPLOADS_DIR: join(dir, 'uploads'),
    SCREENS_DIR: join(dir, 'screens'),
    DIST_DIR: join(dir, 'dist'),
    LENDER_DEV: '0',
    ...(crashRoute ? { LENDER_TEST_CRASH_AFTER_COMMIT: crashRoute } : {}),
  });
  runs.push(run);
  const ended = new Promise<NodeJS.Signals | number | null>((r) =>
    run.child.once('exit', (code, signal) => r(signal ?? code)),
  );
  await run.waitFor('Lender app: http://', 60_000);
  return { base: baseOf(run.stdout()), run, ended };
}

interface Write {
  name: string;
  route: string;
  session: string;
  type: 'form' | 'json';
  body: Record<string, string | number>;
  table: 'complaints' | 'bank_cards' | 'orders';
  /** The id the reply names, to be found in the table. */
  idOf(reply: Record<string, unknown>): unknown;
}

const data = (reply: Record<string, unknown>) => reply.data as Record<string, unknown>;
const WRITES: Write[] = [
  {
    name: 'a complaint',
    route: '/nepenthes/problem-save',
    session: 'crash-complaint',
    type: 'form',
    body: { problemType: 2, problemDetail: 'Saved once across a crash' },
    table: 'complaints',
    idOf: (r) => data(r).problemId,
  },
  {
    name: 'a bank card',
    route: '/nepenthes/bind-card',
    session: 'crash-card',
    type: 'form',
    body: { cardType: '1', bankAccount: '1111222233334444', branchCode: '0202', city: 'Manila' },
    table: 'bank_cards',
    idOf: (r) => data(r).cardId,
  },
  {
    name: 'a loan application',
    route: '/v3/loan-confirm/loan-detail-push',
    session: 'crash-loan',
    type: 'json',
    body: { amount: 500000, periods: 91, termUnit: '1', productId: 'P-1' },
    table: 'orders',
    idOf: (r) => data(r).orderId,
  },
];

async function send(base: string, w: Write, key: string) {
  const body =
    w.type === 'json'
      ? JSON.stringify(w.body)
      : new URLSearchParams(Object.entries(w.body).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${base}${w.route}?sessionId=${w.session}`, {
    method: 'POST',
    headers: {
      'content-type': w.type === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      'idempotency-key': key,
    },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') };
}

describe.each(backends)('a write committed just before a crash (%s)', (backend: Backend) => {
  it('answers the retry with the original reply at once, and is stored once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lender-idem-crash-'));
    const schema = `idem_crash_${process.pid}_${Date.now()}`;
    cleanups.push(async () => {
      if (backend === 'postgres') await dropSchema(schema);
      rmSync(dir, { recursive: true, force: true });
    });
    const file = join(dir, 'lender.sqlite');
    const database: Record<string, string> =
      backend === 'postgres'
        ? { DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: schema }
        : { SQLITE_PATH: file };
    const rows = async (w: Write) => {
      if (backend === 'sqlite') {
        const db = new SqliteDatabase(file, { readonly: true });
        try {
          return db.prepare(`select id from ${w.table} where borrower_id = ?`).all(w.session) as {
            id: unknown;
          }[];
        } finally {
          db.close();
        }
      }
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        return (
          await client.query(`select id from "${schema}".${w.table} where borrower_id = $1`, [w.session])
        ).rows as { id: unknown }[];
      } finally {
        await client.end();
      }
    };

    for (const w of WRITES) {
      const doomed = await start(database, dir, w.route);
      const cut = await send(doomed.base, w, `tap-${w.table}`).catch((error: unknown) => error);
      // The connection was cut: the app saw a network failure, never a reply.
      expect(cut, w.name).toBeInstanceOf(Error);
      expect(await doomed.ended, w.name).toBe('SIGKILL');
      // The write itself had committed.
      expect(await rows(w), w.name).toHaveLength(1);

      const server = await start(database, dir);
      try {
        const started = Date.now();
        const retry = await send(server.base, w, `tap-${w.table}`);
        // At once: not after waiting for a claim that nobody will finish.
        expect(Date.now() - started, w.name).toBeLessThan(12_000);
        expect(retry.status, `${w.name}: ${retry.text}`).toBe(200);
        expect(retry.replayed, w.name).toBe('true');
        const stored = await rows(w);
        expect(stored, w.name).toHaveLength(1);
        expect(String(w.idOf(JSON.parse(retry.text) as Record<string, unknown>)), w.name).toBe(
          String(stored[0]!.id),
        );
        // Every later retry gets the very same bytes, and still nothing more is written.
        const again = await send(server.base, w, `tap-${w.table}`);
        expect(again.text, w.name).toBe(retry.text);
        expect(await rows(w), w.name).toHaveLength(1);
      } finally {
        server.run.child.kill('SIGTERM');
        await server.ended;
      }
    }
  }, 300_000);
});
