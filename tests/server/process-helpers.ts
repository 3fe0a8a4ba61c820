// The built server (npm run build:server) in its own process, for what only a process shows:
// refusing to start, SIGTERM, the log on stdout. Each test file bundles its own copy under
// node_modules/.cache (so the bundle's package imports resolve as in a deployment) and removes it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleServer } from '../../src/server/build/bundle.js';
import { dropSchema, type Backend } from './helpers.js';
import { addressIn, spawnServer, type ServerProcess } from '../../scripts/lib/server-process.js';

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

export interface Running extends Omit<ServerProcess, 'stop'> {
  /** http://127.0.0.1:<port> */
  base: string;
}

export interface StartOptions {
  backend?: Backend;
  env?: Record<string, string>;
}

/** Spawns the built server and collects its output (scripts/lib/server-process.ts). */
export function spawnBuilt(entry: string, env: Record<string, string>): ServerProcess {
  return spawnServer({ entry, env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env } });
}

/** The URL the server printed once it listens. */
export const baseOf = addressIn;

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
    await running.stop('SIGKILL');
    if (backend === 'postgres') await dropSchema(schema);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // A built server imports the baseline screens at its first start: slow on a loaded machine.
    const base = await running.address(60_000);
    return { ...running, base, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The stdout lines that are JSON objects (the log), parsed. */
export function logLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
