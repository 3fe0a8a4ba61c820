// A PostgreSQL cluster of the fault test's own (issue 30): made with initdb in a temporary folder,
// on its own port, so the test can stop it and end its connections without touching the shared
// cluster that other tests (and other people) use. As root, PostgreSQL's programs run as the
// postgres user (they refuse root); otherwise as the current user.
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
/** Debian's PostgreSQL 15 (scripts/ci-postgres.sh installs it); LENDER_PG_BIN for another. */
const BIN = process.env.LENDER_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface Cluster {
  port: number;
  /** The connection string of a role that owns database `lender`. */
  url: string;
  /** Runs SQL as the superuser (what an operator's psql would). */
  query(text: string): Promise<pg.QueryResult>;
  /** Ends every connection to database `lender` (as a restart or a failover does). */
  terminateAll(): Promise<number>;
  /** `pg_ctl stop -m fast`: what a restart or a minor-version upgrade does. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** A free port on the loopback, or `chosen` when given (a developer's own port range). */
export async function freePort(chosen?: string): Promise<number> {
  if (chosen) return Number(chosen);
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Makes, configures and starts a cluster. Throws, with PostgreSQL's own words, when it cannot. */
export async function createCluster(): Promise<Cluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'lender-pg-faults-'));
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const pgTool = async (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args]]
      : [join(BIN, tool), args];
    try {
      return await run(file, argv, { timeout: 120_000 });
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${tool} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`, {
        cause: error,
      });
    }
  };

  const port = await freePort(process.env.LENDER_FAULTS_PG_PORT);
  await pgTool('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  // Speed over durability of the cluster itself: it is stopped cleanly (fast mode checkpoints) and
  // thrown away; what the test checks is what the server does when the database goes away.
  appendFileSync(
    join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'full_page_writes = off',
      'max_connections = 100',
      'shared_buffers = 32MB',
      '',
    ].join('\n'),
  );
  const start = async () => {
    await pgTool('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();

  const superUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: superUrl });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  const password = `fault-${process.pid}`;
  await query(`create role lender login password '${password}'`);
  await query('create database lender owner lender');
  writeFileSync(join(dir, 'README'), 'A throwaway cluster of tests/faults; safe to delete.\n');

  return {
    port,
    url: `postgres://lender:${password}@127.0.0.1:${port}/lender`,
    query,
    async terminateAll() {
      const { rows } = await query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'lender' and pid <> pg_backend_pid()",
      );
      return rows.length;
    },
    stop,
    start,
    async destroy() {
      await pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
