/**
 * npm run bench:ssr — the server drawing borrower pages (issue 26), autocannon on loopback against
 * the reference server in its own process with the app's page renderer (the build in APP_DIST and
 * its `-ssr` renderer; built first unless BENCH_SKIP_BUILD=1 and one is there). SQLite, and
 * PostgreSQL in a private schema when DATABASE_URL is set. Targets:
 * - loan details drawn with data for a signed borrower (a signed session verified, the sources
 *   answered in-process from the database, React's server renderer, gzip): ≥ 1,000 pages/s,
 *   p99 < 50 ms;
 * - the official site, a page without borrower data, served from the per-revision cache
 *   (src/server/ssr/page-cache.ts): ≥ 10k pages/s.
 * Each target is checked once before it is measured (the data is in the page, the page is
 * private; the kept page is the drawn one), so a fallback to the phone's drawing cannot pass for a
 * fast drawing. Writes "## Server drawing"; short runs (BENCH_SSR_SECONDS, BENCH_SSR_ROUNDS).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signSession } from '../src/server/identity/signed';
import { APP_DIST, ROOT, buildApp, ssrModuleOf } from './lib/build';
import { saveFigures } from './lib/figures';
import { benchDatabases, createLoadRun, startChild, TABLE_HEAD, type Target } from './lib/load-run';
import { writeSection } from './lib/results';
import { stamp } from './lib/stats';

const SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_SSR_ROUNDS ?? 2);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;
const PORT = Number(process.env.BENCH_SSR_PORT ?? process.env.BENCH_PORT ?? 8836);
/** A bench key, public: never a production secret (production refuses documented examples). */
const SESSION_KEY = 'bench-ssr-session-key-0123456789abcdef';
const DETAILS = '/loan/details?orderId=ORD-174-D&productId=P-1';
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip' };

const { runAll, figures, loadText } = createLoadRun({
  seconds: SECONDS,
  rounds: ROUNDS,
  warmupSeconds: WARMUP_SECONDS,
  connections: CONNECTIONS,
});

/** The page as a phone gets it, ungzipped, with its headers. */
async function page(url: string): Promise<{ body: string; headers: Headers }> {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  const body = await res.text();
  return { body, headers: res.headers };
}

/** Refuses to measure a page that is not what the target says it is. */
function check(what: string, ok: boolean): void {
  if (!ok) throw new Error(`bench/ssr.ts: ${what}`);
}

async function targets(base: string, db: string): Promise<Target[]> {
  const key = (name: string) => `${db.toLowerCase()}.${name}`;
  const session = signSession(SESSION_KEY, 'bench-borrower', new Date(Date.now() + 3_600_000));
  const signed = `${base}${DETAILS}&sessionId=${encodeURIComponent(session)}`;
  const drawn = await page(signed);
  check(
    'loan details for a signed borrower is not drawn with its data',
    drawn.body.includes('₱5000.00') &&
      /id="screen-drawn">\{"screen":"loan-details","answered":\{/.test(drawn.body),
  );
  check(
    'a page with data must be private, no-store',
    drawn.headers.get('cache-control') === 'private, no-store',
  );
  const site = await page(`${base}/`);
  const again = await page(`${base}/`);
  check('the official site is not drawn', site.body.includes('id="screen-drawn"'));
  check(
    'the official site is not kept',
    !!site.headers.get('etag') && site.headers.get('etag') === again.headers.get('etag'),
  );
  return [
    {
      name: `[${db}] loan details drawn with data, signed borrower (gzip)`,
      key: key('ssr-loan-details'),
      options: { url: signed, headers: PAGE_HEADERS },
      expected: 200,
      goal: { rps: 1_000, p99: 50 },
    },
    {
      name: `[${db}] official site, no borrower data, from the per-revision cache (gzip)`,
      key: key('ssr-cached'),
      options: { url: `${base}/`, headers: PAGE_HEADERS },
      expected: 200,
      goal: { rps: 10_000 },
    },
  ];
}

async function main(): Promise<void> {
  const started = Date.now();
  const renderer = ssrModuleOf(APP_DIST);
  if (!existsSync(renderer) || !existsSync(join(APP_DIST, 'index.html'))) await buildApp(APP_DIST);
  const dir = mkdtempSync(join(tmpdir(), 'lender-bench-ssr-'));
  const lines = [...TABLE_HEAD];
  const databases = benchDatabases(dir, 'bench_ssr');
  const pgUrl = process.env.DATABASE_URL;
  try {
    for (const db of databases) {
      const child = await startChild({
        BENCH_SERVER: 'reference',
        PORT: String(PORT),
        BENCH_SCREENS_DIR: join(ROOT, 'screens'),
        BENCH_DIST_DIR: APP_DIST,
        BENCH_SSR_MODULE: renderer,
        BENCH_SESSION_KEY: SESSION_KEY,
        BENCH_UPLOADS_DIR: join(dir, 'uploads'),
        ...db.env,
      });
      try {
        lines.push(...(await runAll(await targets(`http://127.0.0.1:${PORT}`, db.name), child.child)));
      } finally {
        await child.stop();
        await db.cleanup?.();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const body = `
${stamp()}, autocannon ${SECONDS} s per target and round after a ${WARMUP_SECONDS} s warm-up that is not counted, ${ROUNDS} rounds
(req/s, p50 and p99 are the medians of the rounds), ${CONNECTIONS} connections, loopback; the server in its own process
(2 cores shared by the server, autocannon and, in the PostgreSQL rows, the database server, on a machine other
engineers' work shares); ${Math.round((Date.now() - started) / 1000)} s.
Machine load (1-minute load average, sampled before each target; this run's own server and autocannon add ~2): ${loadText()}.
${pgUrl ? '' : '\nPostgreSQL: not measured in this run (DATABASE_URL not set; `eval "$(bash scripts/ci-postgres.sh)"` sets one).\n'}
${lines.join('\n')}
`;
  console.log(body);
  saveFigures('ssr', figures);
  writeSection('Server drawing', body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
