// @vitest-environment node
// Fault injection (issue 30): two instances of the production build, in production mode, on a
// PostgreSQL cluster of the test's own (cluster.ts: never the shared one), under a steady load of
// borrower reads, writes and studio publications (load.ts, studio-client.ts). The database is
// taken away three ways: every server connection terminated; the cluster stopped for 10 s and
// started again; connections terminated during a publication. It asserts: no process exits; no
// 5xx but the documented 503; every acknowledged write stored exactly once; /readyz false during
// the outage and true within 5 s after the database is back; a publication right after recovery
// served by both instances within 2 s. It also starts the first instance before the database
// (the start is retried, not a crash) and checks that a missing required setting still refuses.
// Runs when DATABASE_URL is set (as the PostgreSQL variants of the API suite do): `npm run
// test:faults`, a step of its own in `npm test` (docs/decisions.md, "Issue 30").
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signSession } from '../../src/server/identity/signed.js';
import { baseOf, buildOnce, logLines, spawnBuilt, type Built } from '../server/process-helpers.js';
import { writeDist, writeScreens } from '../server/studio-helpers.js';
import { createCluster, freePort, type Cluster } from './cluster.js';
import { borrowerCall, count503, newTally, startLoad, type Tally } from './load.js';
import { publish, signIn, type StudioClient } from './studio-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PASSWORD = 'fault-test-password-0123456789';
const SESSION_KEY = randomBytes(32).toString('hex');
const EVENT_SECRET = randomBytes(32).toString('hex');

interface Instance {
  name: string;
  base: string;
  studio: string;
  run: ReturnType<typeof spawnBuilt>;
  /** Set if the process ended before the test stopped it. */
  exitedEarly: () => boolean;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Polls until `check` holds; resolves with the milliseconds it took, or throws after `limitMs`. */
async function until(
  what: string,
  check: () => Promise<boolean>,
  limitMs: number,
  everyMs = 100,
): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(everyMs);
  }
}

const ready = (instance: Instance) =>
  fetch(`${instance.base}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.status === 200,
    () => false,
  );

const servedLabel = async (instance: Instance): Promise<string> => {
  const res = await fetch(`${instance.base}/screens/hello.json`, { signal: AbortSignal.timeout(5000) });
  return String(((await res.json()) as { body: { label: string }[] }).body[0]?.label);
};

/** Milliseconds from `since` until both instances serve `label`. */
async function propagation(instances: Instance[], label: string, since: number): Promise<number> {
  await Promise.all(
    instances.map((i) =>
      until(`${i.name} serves ${label}`, async () => (await servedLabel(i)) === label, 30_000, 20),
    ),
  );
  return Date.now() - since;
}

describe.runIf(Boolean(process.env.DATABASE_URL))('a database fault never takes the server down', () => {
  it('rides through terminated connections, a 10 s stop and a failover-like cut during a publication', async () => {
    const started = Date.now();
    const step = (what: string) =>
      console.log(`db-outage [${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
    // Fails loudly (not a skip) when DATABASE_URL is set but no cluster can be made here.
    const cluster: Cluster = await createCluster();
    cleanups.push(() => cluster.destroy());
    step(`private cluster on port ${cluster.port}`);
    const built: Built = await buildOnce();
    cleanups.push(() => built.remove());
    const dir = mkdtempSync(join(tmpdir(), 'lender-db-outage-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const screensDir = writeScreens(join(dir, 'screens'));
    const distDir = writeDist(join(dir, 'dist'));

    const env = (overrides: Record<string, string> = {}): Record<string, string> => ({
      NODE_ENV: 'production',
      DATABASE_URL: cluster.url,
      LENDER_SESSION_KEY: SESSION_KEY,
      LENDER_EVENT_SECRET: EVENT_SECRET,
      LENDER_STUDIO: '1',
      LENDER_STUDIO_HOSTS: '127.0.0.1',
      LENDER_SEED_DEMO: '1',
      LENDER_DRAIN_MS: '200',
      SCREENS_DIR: screensDir,
      DIST_DIR: distDir,
      UPLOADS_DIR: join(dir, 'uploads'),
      ...overrides,
    });

    // A required setting missing still refuses at once, whatever the database does.
    const refused = spawnBuilt(built.entry, env({ LENDER_SESSION_KEY: '' }));
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain('refusing to start in production');

    /** Starts an instance; `up` resolves once it listens (it may first wait for the database). */
    async function launch(
      name: string,
    ): Promise<{ run: ReturnType<typeof spawnBuilt>; up: Promise<Instance> }> {
      // Production needs the studio on a port of its own, a real one.
      const run = spawnBuilt(built.entry, env({ LENDER_STUDIO_PORT: String(await freePort()) }));
      let stopping = false;
      let early = false;
      void run.exited.then(() => {
        if (!stopping) early = true;
      });
      cleanups.push(async () => {
        stopping = true;
        if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
        await run.exited;
      });
      const up = run.waitFor('Screen studio: http://', 120_000).then(() => ({
        name,
        base: baseOf(run.stdout()),
        studio: /Screen studio: (http:\/\/127\.0\.0\.1:\d+)\/studio/.exec(run.stdout())![1]!,
        run,
        exitedEarly: () => early,
        stop: () => {
          stopping = true;
          run.child.kill('SIGTERM');
          return run.exited;
        },
      }));
      up.catch(() => undefined); // awaited later; an early failure must not be an unhandled rejection
      return { run, up };
    }
    const waits = (run: ReturnType<typeof spawnBuilt>) =>
      logLines(run.stdout()).filter((l) => String(l.msg).startsWith('waiting for the database at start'));

    // Start-up while the database is down: retried with backoff and logged, then up.
    await cluster.stop();
    const first = await launch('a');
    await until(
      'the first instance waits for the database',
      async () => waits(first.run).length >= 2,
      60_000,
    );
    expect(first.run.child.exitCode).toBeNull();
    await cluster.start();
    const a = await first.up;
    expect(waits(a.run)[0]).toMatchObject({ level: 'warn', database: 'unreachable', attempt: 1 });
    step(`instance a started after ${waits(a.run).length} waits for the database`);
    const b = await (await launch('b')).up;
    const instances = [a, b];
    step('instance b started');

    // Studio accounts (production has no demo accounts): the command an operator runs.
    for (const [user, role] of [
      ['ed', 'editor'],
      ['pub', 'publisher'],
    ] as const) {
      const cli = spawn(
        process.execPath,
        [join(built.entry, '..', 'studio-user.mjs'), 'add', user, '--role', role],
        {
          env: { PATH: process.env.PATH ?? '', ...env() },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      cli.stdin.end(PASSWORD);
      expect(await new Promise((r) => cli.once('exit', r))).toBe(0);
    }
    const editors: StudioClient[] = [];
    const publishers: StudioClient[] = [];
    for (const i of instances) {
      editors.push(await signIn(i.studio, 'ed', PASSWORD));
      publishers.push(await signIn(i.studio, 'pub', PASSWORD));
    }

    // The borrowers: signed sessions, as the lender's login hands them out.
    const expires = new Date(Date.now() + 3_600_000);
    const sessions = ['reader', 'writer-0', 'writer-1', 'writer-2'].map((id) =>
      signSession(SESSION_KEY, `fault-${id}`, expires),
    );
    const tally: Tally = newTally();
    const push = await borrowerCall(
      tally,
      `${a.base}/v3/loan-confirm/loan-detail-push?sessionId=${encodeURIComponent(sessions[0]!)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'setup-order' },
        body: JSON.stringify({ amount: 500000, periods: 91, termUnit: '1', productId: 'P-1' }),
      },
      'loan application',
    );
    const orderId = String((push.body?.data as { orderId?: string } | undefined)?.orderId);
    expect(push.status).toBe(200);

    // The studio publishes now and then throughout, through either instance.
    const studioTally = newTally();
    let publishing = true;
    let publications = 0;
    const slowestPropagation = { ms: 0 };
    const studioAnswer = (status: number, body: Record<string, unknown>) => {
      const key = String(status);
      studioTally.statuses.set(key, (studioTally.statuses.get(key) ?? 0) + 1);
      if (status === 503) {
        if (body.unavailable !== 'database')
          studioTally.violations.push(`studio 503 without unavailable: 'database': ${JSON.stringify(body)}`);
      } else if (status >= 500) studioTally.violations.push(`studio ${status}: ${JSON.stringify(body)}`);
    };
    // One publication at a time (as one team works), each with the time until both serve it.
    let studioChain: Promise<unknown> = Promise.resolve();
    const publishVia = (n: number, label: string, hooks = {}): Promise<number> => {
      const run = studioChain.then(async () => {
        const at = await publish(editors[n % 2]!, publishers[n % 2]!, label, {
          answered: studioAnswer,
          ...hooks,
        });
        publications++;
        return propagation(instances, label, at);
      });
      studioChain = run.catch(() => undefined);
      return run;
    };
    const steadyPublisher = (async () => {
      for (let n = 0; publishing; n++) {
        slowestPropagation.ms = Math.max(slowestPropagation.ms, await publishVia(n, `steady ${n}`));
        await sleep(1500);
      }
    })();

    const load = startLoad({ bases: instances.map((i) => i.base), sessions, orderId, tally });
    await sleep(4000);
    expect(tally.violations).toEqual([]);
    const before = count503(tally);
    expect(before).toBe(0);
    step('steady load running');

    // 1. Every server connection terminated (a restart's first moment, a failover, a proxy).
    const terminated = await cluster.terminateAll();
    expect(terminated).toBeGreaterThanOrEqual(4); // two pools and two LISTEN connections at least
    for (const i of instances) await until(`${i.name} ready after the cut`, () => ready(i), 10_000);
    await sleep(3000);
    const after1 = count503(tally);
    step(`1. terminated ${terminated} connections: ${after1 - before} borrower 503s`);

    // 2. The cluster stopped for 10 s, then started again.
    await cluster.stop();
    const downAt = Date.now();
    const notReadySeen = new Set<string>();
    const studioDown = new Set<string>();
    while (Date.now() - downAt < 10_000) {
      for (const i of instances) {
        if (!(await ready(i))) notReadySeen.add(i.name);
        const status = await fetch(`${i.studio}/studio/api/status`, { signal: AbortSignal.timeout(10_000) });
        const body = (await status.json()) as Record<string, unknown>;
        if (status.status === 503 && body.unavailable === 'database') studioDown.add(i.name);
      }
      await sleep(250);
    }
    expect([...notReadySeen].sort()).toEqual(['a', 'b']);
    expect([...studioDown].sort()).toEqual(['a', 'b']);
    await cluster.start();
    const backAt = Date.now();
    const readyAfterMs = await Promise.all(
      instances.map((i) => until(`${i.name} ready`, () => ready(i), 30_000, 50)),
    );
    const after2 = count503(tally);
    step(
      `2. stopped 10 s: ready again after ${readyAfterMs.join(' and ')} ms; ${after2 - after1} borrower 503s`,
    );
    // A publication right after recovery reaches both instances within 2 s.
    const recoveredMs = await publishVia(1, 'right after recovery');
    step(`   a publication right after recovery served by both after ${recoveredMs} ms`);

    // 3. Connections terminated during a publication.
    let cuts = 0;
    const studioBefore = studioTally.statuses.get('503') ?? 0;
    const cutMs = await publishVia(0, 'cut during publication', {
      // Between the review and the approval every connection ends, and once more while the
      // approval's transaction runs.
      approving: async () => {
        if (cuts++ > 0) return;
        await cluster.terminateAll();
        setTimeout(() => void cluster.terminateAll(), 5);
      },
    });
    const studioCut = (studioTally.statuses.get('503') ?? 0) - studioBefore;
    await sleep(2000);
    const after3 = count503(tally);
    step(
      `3. terminated during a publication: served by both after ${cutMs} ms; ${after3 - after2} borrower 503s`,
    );

    publishing = false;
    await steadyPublisher;
    await load.stop();
    step('load stopped');

    // Outcomes.
    for (const i of instances) expect(i.exitedEarly(), `${i.name} exited`).toBe(false);
    expect(tally.violations).toEqual([]);
    expect(studioTally.violations).toEqual([]);
    expect(
      readyAfterMs.every((ms) => ms <= 5000),
      `ready after ${readyAfterMs.join(', ')} ms`,
    ).toBe(true);
    expect(recoveredMs).toBeLessThanOrEqual(2000);
    expect(cutMs).toBeLessThanOrEqual(2000);
    expect(cuts).toBeGreaterThanOrEqual(1);

    // Exactly once: every acknowledged complaint is stored once, under its id; none twice.
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ id: number; content: string }>(
      "select id, content from complaints where content like 'fault-test writer %'",
    );
    const probes = await client.query<{ n: string }>(
      "select count(*) as n from track_events where name = 'fault_probe'",
    );
    await client.end();
    // Events resume after the outage, and every acknowledged one is stored.
    expect(load.eventsAcknowledgedAt.some((at) => at > backAt)).toBe(true);
    expect(Number(probes.rows[0]!.n)).toBe(load.eventsAcknowledgedAt.length);
    const stored = new Map<string, number[]>();
    for (const row of rows) stored.set(row.content, [...(stored.get(row.content) ?? []), row.id]);
    const acked = load.written.filter((w) => w.problemId !== null);
    expect(acked.length).toBeGreaterThan(50);
    for (const w of acked) expect(stored.get(w.content), w.content).toEqual([w.problemId]);
    for (const [content, ids] of stored) expect(ids, content).toHaveLength(1);

    // What an operator sees: the outage's start and end in the JSON log, once each per outage.
    for (const i of instances) {
      const lines = logLines(i.run.stdout());
      expect(lines.some((l) => l.level === 'warn' && String(l.msg).startsWith('database unavailable'))).toBe(
        true,
      );
      expect(lines.some((l) => String(l.msg).startsWith('database available again'))).toBe(true);
      expect(i.run.stderr()).not.toMatch(/unhandled|uncaught/i);
    }

    // A clean stop: SIGTERM, exit 0.
    for (const i of instances) expect(await i.stop()).toBe(0);

    const summary = {
      readyAfterDatabaseBackMs: readyAfterMs,
      borrower503: {
        terminate: after1 - before,
        stop10s: after2 - after1,
        terminateDuringPublication: after3 - after2,
      },
      slowest503Ms: tally.slowest503Ms,
      studio503: studioTally.statuses.get('503') ?? 0,
      studio503DuringCutPublication: studioCut,
      slowest503: tally.slowest503What,
      answers: Object.fromEntries(tally.statuses),
      writesAcknowledged: acked.length,
      eventsAcknowledged: load.eventsAcknowledgedAt.length,
      publications,
      publicationRightAfterRecoveryMs: recoveredMs,
      publicationCutMs: cutMs,
      slowestSteadyPropagationMs: slowestPropagation.ms,
      downForMs: backAt - downAt,
    };
    console.log(`db-outage summary ${JSON.stringify(summary)}`);
  }, 900_000);
});
