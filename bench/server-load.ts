/**
 * npm run bench:server — autocannon on loopback against the reference server in its own process
 * (SQLite in a temp dir, and PostgreSQL in a private schema when DATABASE_URL is set), beside a
 * trivial route on a bare Fastify instance. Targets: the real screens/loan-details.json with
 * If-None-Match (304) and in full (plain and gzip), POST loan-details (a database read), the
 * page's HTML when a build exists in /tmp/dist-bench, POST /api/events with batches of 20 events
 * (issue 19: the events a second are 20 × the requests; each batch from a borrower and address of
 * its own, lib/event-load.ts), loan details during a 60 s flood of events from one address (issue
 * 28 item 1: the flood is throttled, loan details keeps p99 < 20 ms), and the bare route. Writes
 * "## Server".
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_DIST, ROOT } from './lib/build';
import { floodScenario, manyBorrowers, FLOOD_SECONDS } from './lib/event-load';
import { saveFigures } from './lib/figures';
import { benchDatabases, createLoadRun, startChild, TABLE_HEAD, type Target } from './lib/load-run';
import { writeSection } from './lib/results';
import { stamp } from './lib/stats';

const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 5);
// Several rounds, every target once per round: one run on this shared 2-core machine moves by
// ±15%, and drift (another process, the database's autovacuum) then falls on every target alike.
const ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 3);
const WARMUP_SECONDS = 1;
const CONNECTIONS = 10;
const { runAll, figures, loadText } = createLoadRun({
  seconds: SECONDS,
  rounds: ROUNDS,
  warmupSeconds: WARMUP_SECONDS,
  connections: CONNECTIONS,
});
// Worktrees share the machine: BENCH_SERVER_PORT (or BENCH_PORT) moves both servers to one's own ports.
const REF_PORT = Number(process.env.BENCH_SERVER_PORT ?? process.env.BENCH_PORT ?? 8826);
const BARE_PORT = REF_PORT + 1;
/**
 * BENCH_SERVER_ONLY=events,loan-details runs only those targets (keys without the database) and
 * prints them without touching bench/results.md: for re-measuring one figure on a busy machine.
 */
const ONLY = process.env.BENCH_SERVER_ONLY?.split(',').filter(Boolean) ?? null;
const picked = (key: string) => !ONLY || ONLY.includes(key.replace(/^(sqlite|postgresql)\./, ''));
const LOAN = JSON.stringify({ orderId: 'ORD-174-D', productId: 'P-1' });
/** Events per request to the track endpoint, as the host batches them. */
const EVENT_BATCH = 20;

/** A batch as the host sends it: a screen view, API results, taps, on one screen. */
function eventBatch(): string {
  const now = Date.now();
  const names = ['screen_view', 'api_ok', 'api_ok', 'promo_apply_tap', 'block_error'];
  return JSON.stringify({
    sentAt: now,
    events: Array.from({ length: EVENT_BATCH }, (_, i) => ({
      name: names[i % names.length],
      at: now - (EVENT_BATCH - i) * 100,
      screen: 'loan-details',
      revision: 'Xy12Ab34Cd56Ef78',
      variant: '',
      ...(i % names.length === 1 ? { label: '/v3/loan-details/loan-details', props: { api: 'v3' } } : {}),
      ...(i % names.length === 3 ? { props: { productId: 'P-1', positionId: i } } : {}),
    })),
  });
}

async function referenceTargets(base: string, db: string): Promise<Target[]> {
  const key = (name: string) => `${db.toLowerCase()}.${name}`;
  // Every client gets a screen as the app renders it (expanded, issue 18).
  const first = await fetch(`${base}/screens/loan-details.json`);
  const etag = first.headers.get('etag') ?? '';
  const size = (await first.arrayBuffer()).byteLength;
  const targets: Target[] = [
    {
      name: `[${db}] screen document, If-None-Match → 304`,
      key: key('screen-304'),
      options: { url: `${base}/screens/loan-details.json`, headers: { 'if-none-match': etag } },
      expected: 304,
      goal: { rps: 20_000 },
    },
    {
      name: `[${db}] screen document, full (${(size / 1024).toFixed(1)} KB)`,
      key: key('screen-full'),
      options: { url: `${base}/screens/loan-details.json` },
      expected: 200,
    },
    {
      name: `[${db}] screen document, full, Accept-Encoding: gzip`,
      key: key('screen-gzip'),
      options: {
        url: `${base}/screens/loan-details.json`,
        headers: { 'accept-encoding': 'gzip' },
      },
      expected: 200,
    },
    {
      name: `[${db}] POST /v3/loan-details/loan-details`,
      key: key('loan-details'),
      options: {
        url: `${base}/v3/loan-details/loan-details`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: LOAN,
      },
      expected: 200,
      goal: { rps: 5_000, p99: 20 },
    },
    {
      // 20k events a second in batches of 20 is 1,000 requests a second.
      name: `[${db}] POST /api/events, batches of ${EVENT_BATCH} events (events/s = ${EVENT_BATCH} × req/s)`,
      key: key('events'),
      options: {
        url: `${base}/api/events`,
        method: 'POST',
        // Returning borrowers (their first-party ids already set), each batch another's.
        headers: { 'content-type': 'application/json' },
        body: eventBatch(),
        requests: manyBorrowers,
      },
      expected: 200,
      goal: { rps: 20_000 / EVENT_BATCH, p99: 20 },
    },
  ];
  if (existsSync(join(APP_DIST, 'index.html')))
    targets.push({
      name: `[${db}] GET /loan/details (the page's HTML, gzip)`,
      key: key('page'),
      options: {
        url: `${base}/loan/details?orderId=ORD-174-D&productId=P-1`,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
      },
      expected: 200,
    });
  return targets.filter((target) => picked(target.key));
}

async function main(): Promise<void> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'lender-bench-'));
  const lines = [...TABLE_HEAD];
  const databases = benchDatabases(dir, 'bench');
  const pgUrl = process.env.DATABASE_URL;
  try {
    for (const db of databases) {
      const child = await startChild({
        BENCH_SERVER: 'reference',
        PORT: String(REF_PORT),
        BENCH_SCREENS_DIR: join(ROOT, 'screens'),
        BENCH_DIST_DIR: existsSync(join(APP_DIST, 'index.html')) ? APP_DIST : join(dir, 'no-dist'),
        BENCH_UPLOADS_DIR: join(dir, 'uploads'),
        ...db.env,
      });
      try {
        const base = `http://127.0.0.1:${REF_PORT}`;
        lines.push(...(await runAll(await referenceTargets(base, db.name), child.child)));
        if (picked(`${db.name.toLowerCase()}.flood`)) {
          const flood = await floodScenario(base, db.name, LOAN);
          lines.push(...flood.lines);
          Object.assign(figures, flood.figures);
        }
      } finally {
        await child.stop();
        await db.cleanup?.();
      }
    }
    if (picked('bare')) {
      const bare = await startChild({ BENCH_SERVER: 'bare', PORT: String(BARE_PORT) });
      try {
        lines.push(
          ...(await runAll(
            [
              {
                name: 'trivial Fastify route (bare instance)',
                key: 'bare',
                options: { url: `http://127.0.0.1:${BARE_PORT}/ping` },
                expected: 200,
              },
            ],
            bare.child,
          )),
        );
      } finally {
        await bare.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const body = `
${stamp()}, autocannon ${SECONDS} s per target and round after a ${WARMUP_SECONDS} s warm-up that is not counted, ${ROUNDS} rounds; the flood rows: one run of ${FLOOD_SECONDS} s, both at once
(every target once per round; req/s, p50 and p99 are the medians of the rounds), ${CONNECTIONS} connections, loopback; the server in
its own process (2 cores shared by the server, autocannon and, in the PostgreSQL rows, the database server); ${Math.round((Date.now() - started) / 1000)} s.
Machine load (1-minute load average, sampled before each target; this run's own server and autocannon add ~2): ${loadText()}.
${pgUrl ? '' : '\nPostgreSQL: not measured in this run (DATABASE_URL not set; `eval "$(bash scripts/ci-postgres.sh)"` sets one).\n'}
${lines.join('\n')}
`;
  console.log(body);
  if (ONLY) return; // a partial run must not replace the whole section
  saveFigures('server', figures);
  writeSection('Server', body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
