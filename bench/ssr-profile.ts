/**
 * tsx bench/ssr-profile.ts [details|cached] [requests] — where the server's CPU goes per drawn page
 * (issue 26): the reference server of bench/ssr.ts (SQLite, signed sessions, the build in APP_DIST)
 * in its own process, warmed up, then profiled by the inspector over `requests` pages (autocannon, 4
 * connections), and the profile summed: CPU ms per page by file group and by function, self and
 * inclusive. Prints the load average beside it (other work shares the machine). Not part of
 * `npm run bench`; the profile itself is left in $TMPDIR for a closer look.
 */
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { signSession } from '../src/server/identity/signed';
import { autocannon } from './lib/autocannon';
import { APP_DIST, ROOT, ssrModuleOf } from './lib/build';
import { startChild } from './lib/load-run';

const which = process.argv[2] === 'cached' ? 'cached' : 'details';
const REQUESTS = Number(process.argv[3] ?? 2000);
const PORT = Number(process.env.BENCH_SSR_PORT ?? 8837);
const SESSION_KEY = 'bench-ssr-session-key-0123456789abcdef';
const DETAILS = '/loan/details?orderId=ORD-174-D&productId=P-1';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** A short place for a frame: the package, or the repository's file. */
function group(url: string): string {
  if (!url) return '(native/vm)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const at = url.indexOf(ROOT.replace(/^\//, ''));
  return at === -1 ? url.replace(/^file:\/\//, '') : url.slice(at + ROOT.length - 1);
}

function summarize(profile: Profile, pages: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frame = (n: Node) =>
    `${n.callFrame.functionName || '(anonymous)'} ${group(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const selfGroup = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idle += dt;
      return;
    }
    total += dt;
    self.set(frame(node), (self.get(frame(node)) ?? 0) + dt);
    const g = group(node.callFrame.url);
    selfGroup.set(g, (selfGroup.get(g) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = frame(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  });
  const perPage = (us: number) => (us / 1000 / pages).toFixed(3);
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${perPage(v).padStart(7)} ms  ${k}`)
      .join('\n');
  return [
    `busy ${perPage(total)} ms a page (${pages} pages; idle ${perPage(idle)} ms a page)`,
    'self, by package or file:',
    top(selfGroup, 30),
    'self, by function:',
    top(self, 40),
    'inclusive, by function:',
    top(inclusive, 80),
  ].join('\n');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lender-ssr-profile-'));
  const file = join(dir, `${which}.cpuprofile`);
  const child = await startChild({
    BENCH_SERVER: 'reference',
    PORT: String(PORT),
    BENCH_SCREENS_DIR: join(ROOT, 'screens'),
    BENCH_DIST_DIR: APP_DIST,
    BENCH_SSR_MODULE: ssrModuleOf(APP_DIST),
    BENCH_SESSION_KEY: SESSION_KEY,
    BENCH_UPLOADS_DIR: join(dir, 'uploads'),
    BENCH_SQLITE_PATH: join(dir, 'bench.sqlite'),
    BENCH_CPU_PROFILE: file,
  });
  const session = signSession(SESSION_KEY, 'bench-borrower', new Date(Date.now() + 3_600_000));
  const url =
    which === 'details'
      ? `http://127.0.0.1:${PORT}${DETAILS}&sessionId=${encodeURIComponent(session)}`
      : `http://127.0.0.1:${PORT}/`;
  const headers = { accept: 'text/html', 'accept-encoding': 'gzip' };
  await autocannon({ url, headers, connections: 4, duration: 3 });
  child.child.kill('SIGUSR2');
  await child.waitFor('profiling');
  const load = loadavg()[0]!.toFixed(2);
  const done = await autocannon({ url, headers, connections: 4, amount: REQUESTS } as never);
  await child.stop();
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  console.log(
    `${which}: ${done.requests.total} pages, load average ${load} before, ${loadavg()[0]!.toFixed(2)} after; profile ${file}`,
  );
  console.log(summarize(profile, done.requests.total));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
