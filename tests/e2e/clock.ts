// A studio server of one spec file's own (its own port and database, so publishing in it never
// changes what other specs see), with a clock the test moves: tests/e2e/clock-server.ts.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';

export interface ClockServer {
  base: string;
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
 * publishing-parts 5, studio-db-down 7. `env`: more settings of this server.
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
  const child: ChildProcessWithoutNullStreams = spawn(
    resolve(ROOT, 'node_modules/.bin/tsx'),
    ['tests/e2e/clock-server.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SQLITE_PATH: sqlitePath,
        DATABASE_URL: '',
        LENDER_DEV: '1',
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
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the clock server exited: ${errors}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the clock server did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
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
