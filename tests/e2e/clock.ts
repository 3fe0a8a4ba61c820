// A studio server of one spec file's own (its own port and database, so publishing in it never
// changes what other specs see), with a clock the test moves: tests/e2e/clock-server.ts. It runs
// as production runs the studio (prod-env.ts): the borrower-facing app on `base`, the studio on a
// port of its own (`studioBase`), signed borrower sessions, staff accounts made by ops.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { productionEnv } from './prod-env';
import { test } from './support';

export interface ClockServer {
  /** The borrower-facing listener. */
  base: string;
  /** The studio's own listener (LENDER_STUDIO_PORT). */
  studioBase: string;
  /** Its SQLite file (for what only other systems would write, such as marketing's templates). */
  sqlitePath: string;
  /** Moves the server's clock forward and runs what is due; resolves with the server's time. */
  advance(ms: number): Promise<string>;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * `slot`: the port is E2E_PORT+slot; 0 and 1 are playwright.config.ts's servers. One slot per spec
 * file, since specs run in parallel: publishing 2, publishing-schedule 3, experiments 4,
 * publishing-parts 5, promo-current 7, calendar 8 and 9, studio-db-down 10, studio-visual 11, studio-tasks
 * 12, studio-in-place 13 (6 is the studio's, playwright.config.ts). `env`: more settings of this server
 * (calendar.spec.ts starts its servers
 * at a given time with `E2E_CLOCK_AT`, read by tests/e2e/clock-server.ts).
 */
export async function startClockServer(slot: number, env: Record<string, string> = {}): Promise<ClockServer> {
  const port = Number(process.env.E2E_PORT ?? 8790) + slot;
  // A server already answering there is another spec's: waiting for "ready" would find it and run
  // this spec against the wrong server.
  const taken = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`clock server slot ${slot} (port ${port}) is already in use by another spec`);
  const sqlitePath = `data/e2e-clock-${port}-${Date.now()}.sqlite`;
  // The studio's port: one the system has free (the specs' fixed ports are the app's).
  const studioPort = await freePort();
  const child: ChildProcessWithoutNullStreams = spawn(
    resolve(ROOT, 'node_modules/.bin/tsx'),
    ['tests/e2e/clock-server.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...productionEnv(port, studioPort, sqlitePath),
        LENDER_PREVIEW_MINUTES: '30',
        ...env,
      },
    },
  );
  let out = '';
  const waiters: ((line: string) => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    let nl;
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      if (line.startsWith('clock ')) waiters.shift()?.(line.slice(6));
    }
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const studioBase = `http://127.0.0.1:${studioPort}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the clock server exited: ${errors}`);
    // Ready once both listen (the studio's comes second).
    const ok = await fetch(`${base}/readyz`).then(
      async (r) => r.ok && (await fetch(`${studioBase}/studio`)).ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the clock server did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    studioBase,
    sqlitePath: resolve(ROOT, sqlitePath),
    advance: (ms) =>
      new Promise((done) => {
        waiters.push(done);
        child.stdin.write(`advance ${ms}\n`);
      }),
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.stdin.end();
        setTimeout(() => child.kill('SIGTERM'), 5000).unref();
      }),
  };
}

/**
 * The spec file's clock server (`startClockServer(slot, env)`), started before its tests and
 * stopped after them: call at the top of a spec file; the accessor gives the running server.
 */
export function useClockServer(slot: number, env: Record<string, string> = {}): () => ClockServer {
  let server: ClockServer | undefined;
  test.beforeAll(async () => {
    // Starting a server (and its migrations) on a busy machine takes more than a test's minute.
    test.setTimeout(120_000);
    server = await startClockServer(slot, env);
  });
  test.afterAll(async () => server?.stop());
  return () => {
    if (!server) throw new Error(`the clock server of slot ${slot} has not started`);
    return server;
  };
}

/** A TCP port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
