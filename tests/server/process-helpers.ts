// The built server (npm run build:server) in its own process, for what only a process shows:
// refusing to start, SIGTERM, the log on stdout. Each test file bundles its own copy under
// node_modules/.cache (so the bundle's package imports resolve as in a deployment) and removes it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleServer } from '../../src/server/build/bundle.js';
import { dropSchema, type Backend } from './helpers.js';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Built {
  entry: string;
  remove(): void;
}

export async function buildOnce(): Promise<Built> {
  const cache = join(ROOT, 'node_modules', '.cache');
  const outdir = join(cache, `lender-server-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const { entry } = await bundleServer(ROOT, outdir);
  return { entry, remove: () => rmSync(outdir, { recursive: true, force: true }) };
}

export interface Running {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Resolves once a stdout line contains `text` (rejects if the process ends first). */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
}

export interface StartOptions {
  backend?: Backend;
  env?: Record<string, string>;
}

/** Spawns the built server and collects its output; `base` is set once it printed its address. */
export function spawnBuilt(entry: string, env: Record<string, string>): Omit<Running, 'base'> {
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters) w();
  });
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const waitFor = (text: string, timeoutMs = 30_000) =>
    new Promise<void>((resolvePromise, reject) => {
      const check = () => {
        if (out.includes(text)) done(resolvePromise);
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${out}\n${err}`))),
        timeoutMs,
      );
      const done = (then: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        then();
      };
      void exited.then(() => {
        if (!out.includes(text))
          done(() => reject(new Error(`the server exited before "${text}":\n${out}\n${err}`)));
      });
      waiters.add(check);
      check();
    });
  return { child, stdout: () => out, stderr: () => err, exited, waitFor };
}

/** The URL the server printed once it listens. */
export const baseOf = (stdout: string) => /Lender app: (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)?.[1] ?? '';

/**
 * A started server on a fresh database: a SQLite file in a temporary folder, or a private
 * PostgreSQL schema. `stop()` kills it if still running and removes what it made.
 */
export async function startBuilt(
  entry: string,
  { backend = 'sqlite', env = {} }: StartOptions = {},
): Promise<Running & { stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'lender-proc-'));
  const schema = `p_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const database: Record<string, string> =
    backend === 'postgres'
      ? { DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: schema }
      : { SQLITE_PATH: join(dir, 'lender.sqlite') };
  const running = spawnBuilt(entry, {
    ...database,
    UPLOADS_DIR: join(dir, 'uploads'),
    SCREENS_DIR: join(ROOT, 'screens'),
    DIST_DIR: join(dir, 'dist'),
    LENDER_EVENT_SECRET: 'process-test-event-secret-0123456789',
    ...env,
  });
  const stop = async () => {
    if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    await running.exited;
    if (backend === 'postgres') await dropSchema(schema);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // A built server imports the baseline screens at its first start: slow on a loaded machine.
    await running.waitFor('Lender app: http://', 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...running, base: baseOf(running.stdout()), stop };
}

/** The stdout lines that are JSON objects (the log), parsed. */
export function logLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
