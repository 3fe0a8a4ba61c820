/**
 * tsx bench/ssr-ab.ts <before tree> <before build> [blocks] [pages a block] — the server's CPU per
 * page, before against after, in one run (issue 26): two reference servers as bench/ssr.ts starts
 * them, one from another checkout (`git archive <commit> | tar -x -C <dir>`, its node_modules
 * linked, its build made with BENCH_DIST=<build>) and one from this tree and APP_DIST, each with its
 * own SQLite. Blocks of pages alternate between them (before, after, after, before, ...), so the
 * machine's load (other work shares its 2 cores) falls on both alike; each block's CPU is the
 * server process's own (utime + stime in /proc), per page, with the load average beside it. Both
 * targets: loan details drawn with data (signed borrower) and the official site from the cache.
 * Prints the median of each side's blocks and the median of the pairs' ratios. Not part of `npm run bench`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { signSession } from '../src/server/identity/signed';
import { spawnServer, type ServerProcess } from '../scripts/lib/server-process';
import { autocannon } from './lib/autocannon';
import { APP_DIST, ROOT } from './lib/build';
import { median } from './lib/stats';

const [beforeTree, beforeDist] = process.argv.slice(2);
if (!beforeTree || !beforeDist) {
  console.error('usage: tsx bench/ssr-ab.ts <before tree> <before build> [blocks] [pages a block]');
  process.exit(2);
}
const BLOCKS = Number(process.argv[4] ?? 8);
const PAGES = Number(process.argv[5] ?? 400);
const PORT = Number(process.env.BENCH_SSR_PORT ?? 8836);
const SESSION_KEY = 'bench-ssr-session-key-0123456789abcdef';
const DETAILS = '/loan/details?orderId=ORD-174-D&productId=P-1';
const HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip' };

function cpuSeconds(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function start(tree: string, dist: string, port: number, dir: string): Promise<ServerProcess> {
  const server = spawnServer({
    entry: join(tree, 'bench/lib/server-child.ts'),
    cwd: tree,
    echo: 'stderr',
    env: {
      ...process.env,
      BENCH_SERVER: 'reference',
      PORT: String(port),
      BENCH_SCREENS_DIR: join(tree, 'screens'),
      BENCH_DIST_DIR: dist,
      BENCH_SSR_MODULE: join(`${dist}-ssr`, 'render.mjs'),
      BENCH_SESSION_KEY: SESSION_KEY,
      BENCH_UPLOADS_DIR: join(dir, 'uploads'),
      BENCH_SQLITE_PATH: join(dir, 'bench.sqlite'),
    },
  });
  await server.waitFor('ready', 120_000);
  return server;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lender-ssr-ab-'));
  const sides = [
    { name: 'before', server: await start(beforeTree!, beforeDist!, PORT, join(dir, 'a')), port: PORT },
    { name: 'after', server: await start(ROOT, APP_DIST, PORT + 1, join(dir, 'b')), port: PORT + 1 },
  ];
  const session = signSession(SESSION_KEY, 'bench-borrower', new Date(Date.now() + 3_600_000));
  const targets = [
    {
      name: 'loan details with data',
      path: `${DETAILS}&sessionId=${encodeURIComponent(session)}`,
      pages: PAGES,
    },
    { name: 'official site, cached', path: '/', pages: PAGES * 10 },
  ];
  try {
    for (const target of targets) {
      // The same bytes from both (the drawn page, ungzipped), then a warm-up that is not counted.
      const bodies = await Promise.all(
        sides.map((s) =>
          fetch(`http://127.0.0.1:${s.port}${target.path}`, { headers: { accept: 'text/html' } }).then((r) =>
            r.text(),
          ),
        ),
      );
      // The phone's code may differ between the two (its assets' names); the drawing may not.
      const strip = (html: string) => html.replace(/\/assets\/[^"]+/g, '');
      const same = strip(bodies[0]!) === strip(bodies[1]!);
      // Warm-up, not counted: the JIT keeps improving a drawn page over its first several
      // thousand pages (blocks after a short warm-up kept falling).
      for (let round = 0; round < 2; round++)
        for (const s of sides)
          await autocannon({
            url: `http://127.0.0.1:${s.port}${target.path}`,
            headers: HEADERS,
            connections: 4,
            amount: target.pages * 8,
          } as never);
      const per: Record<string, { ms: number; load: number }[]> = { before: [], after: [] };
      for (let block = 0; block < BLOCKS; block++) {
        const order = block % 2 === 0 ? sides : [...sides].reverse();
        for (const s of order) {
          const load = loadavg()[0]!;
          const cpu = cpuSeconds(s.server.child.pid);
          const done = await autocannon({
            url: `http://127.0.0.1:${s.port}${target.path}`,
            headers: HEADERS,
            connections: 4,
            amount: target.pages,
          } as never);
          const used = cpuSeconds(s.server.child.pid) - cpu;
          per[s.name]!.push({ ms: (used * 1000) / done.requests.total, load });
        }
      }
      const line = (name: string) => {
        const blocks = per[name]!;
        const ms = median(blocks.map((b) => b.ms));
        return `${name} ${ms.toFixed(3)} ms a page (${Math.round(1000 / ms)} a core; blocks ${blocks
          .map((b) => b.ms.toFixed(2))
          .join(' ')}; load ${blocks.map((b) => b.load.toFixed(1)).join(' ')})`;
      };
      // Each block's after/before against its neighbour of the other side: the load moves less
      // within a pair than across the run.
      const ratios = per.after!.map((b, i) => b.ms / per.before![i]!.ms);
      const ratio = median(ratios);
      console.log(
        `${target.name}: ${BLOCKS} blocks of ${target.pages} pages each side, alternated; same page: ${same ? 'yes' : 'NO'}\n  ${line('before')}\n  ${line('after')}\n  after/before, median of the pairs: ${ratio.toFixed(3)} (pairs ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
      );
    }
  } finally {
    await Promise.all(sides.map((s) => s.server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
