/**
 * npm run bench:first-screen — the first screen's JavaScript (/loan/details from the reference
 * server, measured as bench/peers.ts measures it) and where its bytes go. Each file Chromium
 * loads is split by source (a package under node_modules, or a folder of the project) by its
 * share of the minified bytes, read from hidden source maps (the code is the same as without
 * them); a source's gzip figure is that share of its file's gzip -9 size (gzip works across
 * module boundaries, so a per-source figure is an attribution, not a size of its own).
 * Writes "## First screen: where the bytes go". About a minute; BENCH_PORT picks the port.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'vite';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { APP_DIST, ROOT } from './lib/build';
import { launchChromium } from './lib/browser';
import { saveFigures } from './lib/figures';
import { writeSection } from './lib/results';
import { routeScripts } from './lib/routeScripts';
import { startReferenceServer } from './lib/serve';
import { kb, stamp } from './lib/stats';

const PORT = Number(process.env.BENCH_PORT ?? 8826);
const ROUTE = '/loan/details?orderId=ORD-174-D&productId=P-1';
/** Bytes no source map claims: the bundler's runtime and glue, virtual modules (the screen table). */
const NO_SOURCE = '(no source: bundler runtime, build tables)';
/** Sources below this share of the first screen are summed into one row per file. */
const SMALL = 0.5 * 1024;

/** node_modules/react-dom/cjs/… -> react-dom; renderer/blocks/Text.tsx -> renderer/blocks. */
export function groupOf(source: string): string {
  const path = source.replace(/\\/g, '/');
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  const at = path.lastIndexOf('/');
  return at === -1 ? path : path.slice(0, at);
}

/** Minified bytes of `code` per group of its sources, from the source map's segments. */
function bytesBySource(code: string, map: RawSourceMap, dir: string): Map<string, number> {
  const lines = code.split('\n');
  const consumer = new SourceMapConsumer(map);
  const segments: { line: number; column: number; source: string | null }[] = [];
  consumer.eachMapping((m) =>
    segments.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source ?? null }),
  );
  segments.sort((a, b) => a.line - b.line || a.column - b.column);
  const out = new Map<string, number>();
  const add = (group: string, n: number) => out.set(group, (out.get(group) ?? 0) + n);
  let mapped = 0;
  segments.forEach((seg, i) => {
    const next = segments[i + 1];
    const lineLength = lines[seg.line - 1]?.length ?? 0;
    const end = next && next.line === seg.line ? next.column : lineLength;
    const n = Math.max(0, end - seg.column);
    mapped += n;
    add(seg.source ? groupOf(relative(ROOT, resolve(dir, seg.source))) : NO_SOURCE, n);
  });
  add(NO_SOURCE, Math.max(0, code.length - mapped));
  return out;
}

interface Row {
  file: string;
  group: string;
  gz: number;
}

async function main(): Promise<void> {
  const started = Date.now();
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: APP_DIST, emptyOutDir: true, sourcemap: 'hidden' },
  });
  const browser = await launchChromium();
  const app = await startReferenceServer(ROOT, PORT, { DIST_DIR: APP_DIST });
  let route;
  try {
    route = await routeScripts(browser, `${app.url}${ROUTE}`);
  } finally {
    await app.stop();
    await browser.close();
  }

  const rows: Row[] = [];
  for (const script of route.scripts) {
    const file = script.url.replace(/^\//, '');
    const path = join(APP_DIST, file);
    const code = readFileSync(path, 'utf8');
    if (!existsSync(`${path}.map`)) {
      rows.push({ file, group: '(no source map)', gz: script.gz });
      continue;
    }
    const bytes = bytesBySource(
      code,
      JSON.parse(readFileSync(`${path}.map`, 'utf8')) as RawSourceMap,
      dirname(path),
    );
    for (const [group, n] of bytes) rows.push({ file, group, gz: (script.gz * n) / code.length });
  }

  const byGroup = new Map<string, number>();
  for (const row of rows) byGroup.set(row.group, (byGroup.get(row.group) ?? 0) + row.gz);
  const groups = [...byGroup].sort((a, b) => b[1] - a[1]);
  const shown = groups.filter(([, n]) => n >= SMALL);
  const rest = groups.filter(([, n]) => n < SMALL);
  const table = [
    '| source | gzip share |',
    '|---|---:|',
    ...shown.map(([group, n]) => `| \`${group}\` | ${kb(n)} |`),
    `| ${rest.length} smaller sources | ${kb(rest.reduce((s, [, n]) => s + n, 0))} |`,
    `| **total** | **${kb(route.gz)}** |`,
  ].join('\n');
  const files = route.scripts.map((s) => `${s.url.replace(/^\/assets\//, '')} ${kb(s.gz)}`).join(', ');

  const body = `
${stamp()}; ${Math.round((Date.now() - started) / 1000)} s.

\`${ROUTE}\` from the reference server, first visit: **${kb(route.gz)}** of JavaScript (gzip -9)
in ${route.scripts.length} file(s): ${files}. Each file split by source through its source map;
a source's figure is its share of the file's minified bytes times the file's gzip size.

${table}
`;
  saveFigures('first-screen', {
    firstScreenGz: route.gz,
    ...Object.fromEntries(groups.map(([group, n]) => [`gz.${group}`, Math.round(n)])),
  });
  writeSection('First screen: where the bytes go', body);
  console.log(body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
