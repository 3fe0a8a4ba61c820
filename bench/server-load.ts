/**
 * Load figures for the reference server, loopback only, 5 s per target:
 *   npx tsx bench/server-load.ts            (SQLite in a temp dir; DATABASE_URL is ignored)
 * Prints a markdown table: req/s and latency p50/p99 for a screen document revalidated with
 * If-None-Match (304), the same document fetched in full, loan details (a DB read), and a trivial
 * Fastify route on a bare instance as the ceiling of this machine.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildServer } from '../src/server/app.js';

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface Options {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
}
type Autocannon = (options: Options) => Promise<Result>;

// autocannon ships no type declarations; the shape used here is declared above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS = 5;
const CONNECTIONS = 10;

function sampleScreen(): string {
  const rows = Array.from({ length: 60 }, (_, i) => ({
    type: 'keyValue',
    label: `Row ${i}`,
    value: { $: `data.rows.${i}` },
  }));
  return JSON.stringify(
    { schemaVersion: 1, id: 'sample', title: 'Order Details', route: '/loan/details', body: rows },
    null,
    2,
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lender-bench-'));
  mkdirSync(join(dir, 'screens'));
  writeFileSync(join(dir, 'screens', 'sample.json'), sampleScreen());
  const app = await buildServer({
    sqlitePath: join(dir, 'bench.sqlite'),
    screensDir: join(dir, 'screens'),
    uploadsDir: join(dir, 'uploads'),
    distDir: join(dir, 'dist'),
    dev: false,
  });
  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const first = await fetch(`${base}/screens/sample.json`);
    const etag = first.headers.get('etag') ?? '';
    const size = (await first.arrayBuffer()).byteLength;

    const targets: Array<[string, Options, number]> = [
      [
        'screen document, If-None-Match (304)',
        {
          url: `${base}/screens/sample.json`,
          headers: { 'if-none-match': etag },
          connections: CONNECTIONS,
          duration: SECONDS,
        },
        304,
      ],
      [
        `screen document, full (${size} B)`,
        { url: `${base}/screens/sample.json`, connections: CONNECTIONS, duration: SECONDS },
        200,
      ],
      [
        'POST /v3/loan-details/loan-details',
        {
          url: `${base}/v3/loan-details/loan-details`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ orderId: 'ORD-174-D', productId: 'P-1' }),
          connections: CONNECTIONS,
          duration: SECONDS,
        },
        200,
      ],
      [
        'trivial Fastify route (bare instance)',
        { url: `${bareBase}/ping`, connections: CONNECTIONS, duration: SECONDS },
        200,
      ],
    ];

    const lines = ['| target | req/s | p50 ms | p99 ms | unexpected |', '|---|---:|---:|---:|---:|'];
    for (const [name, options, expected] of targets) {
      const r = await autocannon(options);
      // autocannon counts 304 as non-2xx; for the revalidation target that is the expected answer.
      const unexpected = (expected === 304 ? 0 : r.non2xx) + r.errors + r.timeouts;
      lines.push(
        `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${unexpected} |`,
      );
    }
    console.log(
      `Server load, ${SECONDS} s per target, ${CONNECTIONS} connections, loopback, Node ${process.version}\n`,
    );
    console.log(lines.join('\n'));
  } finally {
    await app.close();
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
