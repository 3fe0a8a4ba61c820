// @vitest-environment node
// A database fault never takes the server down (issue 30), in one process: the faults are told
// apart from other errors; on SQLite a locked file, a read-only database and a full disk answer
// 503 in the family's envelope, /readyz says which, and it all recovers without a restart; on
// PostgreSQL the server's connections are terminated under it (as a restart or a failover does)
// and it keeps serving, its LISTEN connection included. The process-level fault injection (two
// instances, the cluster stopped) is tests/server/db-outage.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import { dbFaultOf } from '../../src/server/db/faults.js';
import { createDbHealth } from '../../src/server/db/health.js';
import { backoffMs } from '../../src/server/db/retry.js';
import { escapedError } from '../../src/server/ops/fault-net.js';
import { dropSchema, startServer, type TestServer } from './helpers.js';
import { editor, publishText, publisher, screenText, writeDist, writeScreens } from './studio-helpers.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function saveComplaint(app: FastifyInstance, text: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/nepenthes/problem-save?sessionId=fault-user',
    headers: FORM,
    payload: new URLSearchParams({ problemType: '2', problemDetail: text }).toString(),
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown>,
    retryAfter: res.headers['retry-after'],
  };
}

const readyz = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('what counts as a database fault', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('tells outages, timeouts and refused writes from bugs and refused statements', () => {
    expect(dbFaultOf(coded('ECONNREFUSED'))?.kind).toBe('unreachable');
    expect(dbFaultOf(new Error('Connection terminated unexpectedly'))?.kind).toBe('unreachable');
    expect(dbFaultOf(coded('57P01', 'terminating connection due to administrator command'))?.kind).toBe(
      'unreachable',
    );
    expect(dbFaultOf(coded('57P03', 'the database system is starting up'))?.kind).toBe('unreachable');
    expect(dbFaultOf(coded('53300', 'sorry, too many clients already'))?.kind).toBe('overloaded');
    expect(dbFaultOf(new Error('timeout exceeded when trying to connect'))?.kind).toBe('timeout');
    expect(dbFaultOf(coded('57014', 'canceling statement due to statement timeout'))?.kind).toBe('timeout');
    expect(dbFaultOf(coded('25006', 'cannot execute INSERT in a read-only transaction'))?.kind).toBe(
      'read-only',
    );
    expect(dbFaultOf(coded('SQLITE_BUSY'))?.kind).toBe('locked');
    expect(dbFaultOf(coded('SQLITE_READONLY'))?.kind).toBe('read-only');
    expect(dbFaultOf(coded('SQLITE_FULL'))?.kind).toBe('disk-full');
    expect(dbFaultOf(coded('SQLITE_IOERR_WRITE'))?.kind).toBe('io-error');
    expect(dbFaultOf(new AggregateError([coded('ECONNREFUSED')]))?.kind).toBe('unreachable');
    // Not faults: the statement or the data was wrong, a retry would fail the same way.
    expect(dbFaultOf(coded('23505', 'duplicate key value violates unique constraint'))).toBeNull();
    expect(dbFaultOf(coded('42P01', 'relation "x" does not exist'))).toBeNull();
    expect(dbFaultOf(coded('SQLITE_CONSTRAINT_UNIQUE'))).toBeNull();
    expect(dbFaultOf(new TypeError('undefined is not a function'))).toBeNull();
  });

  it('logs an outage once when it begins and once when it ends, not once per failing query', () => {
    const lines: string[] = [];
    const log = {
      warn: (_: object, m: string) => void lines.push(`warn ${m}`),
      info: (_: object, m: string) => void lines.push(`info ${m}`),
    };
    let t = 0;
    const health = createDbHealth(log, () => t);
    let recovered = 0;
    health.onRecovered(() => recovered++);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 50; i++) health.failed(refused);
    health.failed(new Error('duplicate key')); // not a fault: changes nothing
    expect(health.fault()).toMatchObject({ kind: 'unreachable', since: 0 });
    t = 1500;
    health.succeeded(false);
    health.succeeded(false);
    expect(health.fault()).toBeNull();
    expect(lines).toEqual([
      'warn database unavailable: the database cannot be reached or dropped the connection',
      'info database available again after 1500 ms',
    ]);
    expect(recovered).toBe(1);
    // A write fault ends with a write, not with a read that still works.
    health.failed(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    health.succeeded(false);
    expect(health.fault()?.kind).toBe('disk-full');
    health.succeeded(true);
    expect(health.fault()).toBeNull();
  });

  it('the last net: an escaped database fault is logged and survived, anything else stops the process', () => {
    const logged: string[] = [];
    const exits: number[] = [];
    const escaped = escapedError(
      { error: (_: object, m: string) => void logged.push(m) },
      (code) => void exits.push(code),
    );
    escaped(Object.assign(new Error('terminating connection'), { code: '57P01' }), 'uncaught exception');
    expect(exits).toEqual([]);
    expect(logged[0]).toMatch(
      /a database fault was not handled where it happened \(uncaught exception\): the server carries on/,
    );
    escaped(new TypeError('x is not a function'), 'unhandled rejection');
    expect(exits).toEqual([1]);
  });

  it('backs off by doubling up to the cap, with jitter', () => {
    const retry = { firstMs: 500, maxMs: 30_000 };
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 7, 8, 40].map((n) => backoffMs(n, retry, middle))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffMs(1, retry, () => 0)).toBe(400);
    expect(backoffMs(1, retry, () => 1)).toBe(600);
  });
});

describe('SQLite: a locked file, a read-only database, a full disk', () => {
  let s: TestServer | undefined;
  let dir = '';
  afterEach(async () => {
    await s?.close();
    s = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function start(): Promise<{ app: FastifyInstance; file: string }> {
    dir = mkdtempSync(join(tmpdir(), 'lender-sqlite-faults-'));
    const file = join(dir, 'lender.sqlite');
    s = await startServer('sqlite', {
      sqlitePath: file,
      screensDir: join(import.meta.dirname, '../../screens'),
    });
    return { app: s.app, file };
  }

  it('a file locked by another process: 503 with a sentence, not ready (locked), then recovers', async () => {
    const { app, file } = await start();
    expect((await saveComplaint(app, 'before the lock')).status).toBe(200);
    const other = new SqliteDatabase(file);
    other.exec('begin exclusive');
    try {
      const refused = await saveComplaint(app, 'while locked');
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        code: '503',
        message: 'The service is busy right now. Please try again in a moment.',
        data: null,
      });
      expect(refused.retryAfter).toBe('5');
      const ready = await readyz(app);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'not ready', checks: { database: 'failed' } });
      // Published screens are served from memory meanwhile, and the process is alive.
      expect((await app.inject({ method: 'GET', url: '/screens/loan-details.json' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect((await readyz(app)).status).toBe(200);
    expect((await saveComplaint(app, 'after the lock')).status).toBe(200);
  });

  it('a read-only database: writes answer 503, /readyz says read-only, reads still work', async () => {
    const { app } = await start();
    await sql`pragma query_only = 1`.execute(app.db);
    const refused = await saveComplaint(app, 'read-only');
    expect(refused).toMatchObject({ status: 503, body: { code: '503' } });
    const ready = await readyz(app);
    expect(ready).toMatchObject({
      status: 503,
      body: { checks: { database: 'failed' }, faults: { database: 'read-only' } },
    });
    const list = await app.inject({ method: 'POST', url: '/nepenthes/problem-list?sessionId=fault-user' });
    expect(list.statusCode).toBe(200);
    await sql`pragma query_only = 0`.execute(app.db);
    // The probe's write shows it is over: ready again without a restart.
    expect((await readyz(app)).status).toBe(200);
    expect((await saveComplaint(app, 'writable again')).status).toBe(200);
  });

  it('a full disk: 503, /readyz says disk-full, and it recovers when there is room', async () => {
    const { app } = await start();
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(app.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(app.db);
    let refused: Awaited<ReturnType<typeof saveComplaint>> | null = null;
    for (let i = 0; i < 500 && !refused; i++) {
      const saved = await saveComplaint(app, `filling the disk ${i} ${'x'.repeat(150)}`);
      if (saved.status !== 200) refused = saved;
    }
    expect(refused).toMatchObject({ status: 503, body: { code: '503' } });
    expect(await readyz(app)).toMatchObject({ status: 503, body: { faults: { database: 'disk-full' } } });
    await sql`pragma max_page_count = 1073741823`.execute(app.db);
    expect((await readyz(app)).status).toBe(200);
    expect((await saveComplaint(app, 'room again')).status).toBe(200);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))(
  'PostgreSQL: connections terminated under the server',
  () => {
    const apps: FastifyInstance[] = [];
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close().catch(() => undefined);
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    /** Ends every connection of ours (our application_name only: other test files share the database). */
    async function terminate(name: string): Promise<number> {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select pg_terminate_backend(pid) as gone from pg_stat_activity where application_name = $1',
          [name],
        );
        return rows.length;
      } finally {
        await client.end();
      }
    }

    it('keeps serving: no exit, the pool replaced, LISTEN again, a publication reaches the other instance', async () => {
      const root = mkdtempSync(join(tmpdir(), 'lender-pg-faults-'));
      const schema = `faults_${process.pid}_${Date.now()}`;
      const name = `lender-test-${process.pid}-${Date.now()}`;
      cleanups.push(async () => {
        await dropSchema(schema);
        rmSync(root, { recursive: true, force: true });
      });
      const url = new URL(process.env.DATABASE_URL!);
      url.searchParams.set('application_name', name);
      const options: ServerOptions = {
        databaseUrl: url.toString(),
        pgSchema: schema,
        screensDir: writeScreens(join(root, 'screens')),
        distDir: writeDist(join(root, 'dist')),
        uploadsDir: join(root, 'uploads'),
        passwordCost: 4,
        // Far beyond the test: only LISTEN/NOTIFY can carry the publication.
        publishPollMs: 600_000,
      };
      const a = await buildServer(options);
      apps.push(a);
      const b = await buildServer(options);
      apps.push(b);
      expect((await saveComplaint(a, 'before')).status).toBe(200);

      // Requests in flight while every connection (pools and LISTEN) is terminated.
      const during = Array.from({ length: 20 }, (_, i) => saveComplaint(a, `during ${i}`));
      expect(await terminate(name)).toBeGreaterThanOrEqual(2);
      const answered = await Promise.all(during);
      // A request either worked or was told to try again; nothing else.
      for (const r of answered) expect([200, 503]).toContain(r.status);

      // The next requests get new connections.
      expect((await saveComplaint(a, 'after')).status).toBe(200);
      expect((await readyz(a)).status).toBe(200);
      expect((await readyz(b)).status).toBe(200);

      // The LISTEN connections came back: b publishes, a serves it within 2 s (no version check runs).
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the listener's first retry
      const published = await publishText(
        await editor(b),
        await publisher(b),
        'screen',
        'hello',
        screenText('hello', 'after the fault'),
      );
      expect(published.status).toBe(200);
      const start = Date.now();
      let label = '';
      while (Date.now() - start < 2000 && label !== 'after the fault') {
        const doc = await a.inject({ url: '/screens/hello.json' });
        label = String((doc.json() as { body: { label: string }[] }).body[0]?.label);
        if (label !== 'after the fault') await new Promise((r) => setTimeout(r, 50));
      }
      expect(label).toBe('after the fault');
    });
  },
);
