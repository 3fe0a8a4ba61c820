// npm run bench:engine — issue 2's figures: the gzip size of the JavaScript the first screen
// needs (read from what Chromium actually loads for /loan/details from the real server), and
// the median time to validate and render a 200-block document in Chromium.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';

const ROOT = new URL('../', import.meta.url).pathname;
const PORT = 8792;
const RUNS = 21;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no server at ${url}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

// 1. First screen JavaScript, from the production build served by the real server.
const db = `/tmp/bench-engine-${Date.now()}.sqlite`;
const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(PORT), SQLITE_PATH: db, DATABASE_URL: '' },
  stdio: 'ignore',
});
const scripts: { url: string; gz: number }[] = [];
try {
  await waitFor(`http://127.0.0.1:${PORT}/screens/manifest.json`);
  const page = await browser.newPage();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(response.url()).pathname, gz: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`http://127.0.0.1:${PORT}/loan/details?orderId=ORD-174-D&productId=P-1`, {
    waitUntil: 'networkidle',
  });
  await page.close();
} finally {
  server.kill('SIGTERM');
  rmSync(db, { force: true });
}
const firstScreen = scripts.reduce((sum, s) => sum + s.gz, 0);

// 2. Validate + render a 200-block document (a separate build of bench/engine/).
const outDir = '/tmp/bench-engine-dist';
await build({
  root: `${ROOT}bench/engine`,
  plugins: [react()],
  logLevel: 'error',
  build: { outDir, emptyOutDir: true },
  base: './',
});
// Module scripts do not run from file://, so the build is served on loopback.
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const files = createServer((req, res) => {
  const path = join(
    outDir,
    (req.url ?? '/').split('?')[0] === '/' ? 'index.html' : (req.url ?? '').split('?')[0]!,
  );
  readFile(path).then(
    (body) =>
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body),
    () => res.writeHead(404).end(),
  );
}).listen(PORT + 1, '127.0.0.1');
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${PORT + 1}/`);
await page.waitForFunction(() => typeof window.__bench === 'function');
await page.evaluate(() => window.__bench(3)); // warm-up
const times = await page.evaluate((runs) => window.__bench(runs), RUNS);
await browser.close();
files.close();

const lines = [
  `| figure | value |`,
  `|---|---|`,
  `| JavaScript for the first screen (/loan/details), gzip -9 | ${kb(firstScreen)} in ${scripts.length} file(s) |`,
  ...scripts.map((s) => `| - ${s.url} | ${kb(s.gz)} |`),
  `| validate + render a 200-block document, Chromium, median of ${RUNS} | ${median(times).toFixed(1)} ms |`,
];
console.log(lines.join('\n'));
