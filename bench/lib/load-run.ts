// Load runs against a server in its own process, shared by bench/server-load.ts and bench/ssr.ts:
// the child server (bench/lib/server-child.ts), autocannon rounds over a list of targets, the
// server's CPU per request, the machine's load while measuring, one table row per target.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { autocannon, type Options, type Result } from './autocannon';
import { ROOT } from './build';
import { median } from './stats';
import { spawnServer, type ServerProcess } from '../../scripts/lib/server-process';

export interface Target {
  name: string;
  /** Stable name of the figure (bench/summary.ts, bench/before.json). */
  key: string;
  options: Omit<Options, 'connections' | 'duration'>;
  expected: 200 | 304;
  goal?: { rps?: number; p99?: number };
}

export interface RunSettings {
  /** Seconds per target and round. */
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number;
}

/** The head of the table `runAll`'s rows belong to. */
export const TABLE_HEAD = [
  '| target | req/s | req/s, each round | p50 ms | p99 ms | server CPU ms/req (req/s per core) | unexpected | target |',
  '|---|---:|---:|---:|---:|---:|---:|---|',
];

/** The server in a process of its own (bench/lib/server-child.ts prints "ready" once it listens). */
export async function startChild(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({
    entry: join(ROOT, 'bench/lib/server-child.ts'),
    env: { ...process.env, ...env },
    echo: 'stderr',
  });
  await server.waitFor('ready', 120_000);
  return server;
}

/**
 * CPU seconds the server process has used so far (Linux /proc; null elsewhere). The busy machine
 * moves req/s a lot; the server's CPU per request hardly moves, so it is reported beside them.
 */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return null;
  }
}

export interface LoadRun {
  /** Warms every target up (not counted), then runs them in turn, `rounds` times; one row per target. */
  runAll(targets: Target[], server: ChildProcess): Promise<string[]>;
  /** The figures of the rows so far (`<key>.rps`, `.p99`, `.cpuMs`). */
  figures: Record<string, number>;
  /** The machine's load while measuring: other engineers' work shares the 2 cores. */
  loadText(): string;
}

export function createLoadRun(settings: RunSettings): LoadRun {
  const figures: Record<string, number> = {};
  const loads: number[] = [];

  function row(target: Target, runs: Result[], cpuMs: number | null): string {
    // autocannon counts 304 as non-2xx; for the revalidation target that is the expected answer.
    const unexpected = runs.reduce(
      (sum, r) => sum + (target.expected === 304 ? 0 : r.non2xx) + r.errors + r.timeouts,
      0,
    );
    const each = runs.map((r) => Math.round(r.requests.average));
    const rps = median(each);
    const p50 = median(runs.map((r) => r.latency.p50));
    const p99 = median(runs.map((r) => r.latency.p99));
    figures[`${target.key}.rps`] = rps;
    figures[`${target.key}.p99`] = p99;
    const goal = target.goal;
    const verdict = !goal
      ? ''
      : (goal.rps === undefined || rps >= goal.rps) && (goal.p99 === undefined || p99 < goal.p99)
        ? 'met'
        : 'MISSED';
    const goalText = goal
      ? `${goal.rps ? `≥ ${goal.rps / 1000}k req/s` : ''}${goal.p99 ? `, p99 < ${goal.p99} ms` : ''}: ${verdict}`
      : '';
    const range = `${Math.min(...each)}–${Math.max(...each)}`;
    const cpuText = cpuMs === null ? '—' : `${cpuMs.toFixed(3)} (${Math.round(1000 / cpuMs)})`;
    return `| ${target.name} | ${rps} | ${range} | ${p50} | ${p99} | ${cpuText} | ${unexpected} | ${goalText} |`;
  }

  async function runAll(targets: Target[], server: ChildProcess): Promise<string[]> {
    const { connections, seconds, rounds, warmupSeconds } = settings;
    // The first second runs unoptimised code and fills the pool.
    for (const target of targets)
      await autocannon({ ...target.options, connections, duration: warmupSeconds });
    const results: Result[][] = targets.map(() => []);
    const cpu = targets.map(() => ({ seconds: 0, requests: 0, known: true }));
    for (let round = 0; round < rounds; round++)
      for (const [i, target] of targets.entries()) {
        loads.push(loadavg()[0]!);
        const before = cpuSeconds(server.pid);
        const result = await autocannon({ ...target.options, connections, duration: seconds });
        const after = cpuSeconds(server.pid);
        results[i]!.push(result);
        if (before === null || after === null) cpu[i]!.known = false;
        else {
          cpu[i]!.seconds += after - before;
          cpu[i]!.requests += result.requests.total;
        }
      }
    return targets.map((target, i) => {
      const used = cpu[i]!;
      const perRequest = used.known && used.requests > 0 ? (used.seconds * 1000) / used.requests : null;
      if (perRequest !== null) figures[`${target.key}.cpuMs`] = Number(perRequest.toFixed(3));
      return row(target, results[i]!, perRequest);
    });
  }

  return {
    runAll,
    figures,
    loadText: () =>
      loads.length
        ? `median ${median(loads).toFixed(1)}, ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`
        : 'not sampled',
  };
}

/** A database a bench server runs on: its child's environment and what to drop afterwards. */
export interface BenchDatabase {
  name: 'SQLite' | 'PostgreSQL';
  env: Record<string, string>;
  cleanup?: () => Promise<void>;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** SQLite in `dir`, and PostgreSQL in a private schema `<prefix>_<pid>` when DATABASE_URL is set. */
export function benchDatabases(dir: string, prefix: string): BenchDatabase[] {
  const databases: BenchDatabase[] = [
    { name: 'SQLite', env: { BENCH_SQLITE_PATH: join(dir, 'bench.sqlite') } },
  ];
  const pgUrl = process.env.DATABASE_URL;
  if (pgUrl) {
    const schema = `${prefix}_${process.pid}`;
    databases.push({
      name: 'PostgreSQL',
      env: { BENCH_DATABASE_URL: pgUrl, BENCH_PG_SCHEMA: schema },
      cleanup: () => dropSchema(pgUrl, schema),
    });
  }
  return databases;
}
