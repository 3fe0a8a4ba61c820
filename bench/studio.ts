// npm run bench:studio — issue 9's figures, on a production build (DIST_DIR, default dist) served
// by the real server in demo mode: the JavaScript a borrower's page loads (none of it the
// studio's), and how long the studio takes to show the editor and the previewed screen; issue 25's
// figures of the visual tools at 4× CPU (bench/studio-visual.ts). With BEFORE_DIST_DIR (a build of
// an earlier commit) the studio's first load and the visual tools' figures are measured on both
// builds in the same run, in turns.
// `-- --shot docs/studio.png` also saves the README's screenshot (1280x800).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startServer } from '../scripts/lib/server-process';
import { changesInTurns, CPU_SLOWDOWN, measureVisualInTurns, type VisualFigures } from './studio-visual';

const ROOT = new URL('../', import.meta.url).pathname;
const PORT = Number(process.env.STUDIO_BENCH_PORT ?? 8794);
const DIST = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
const RUNS = Number(process.env.STUDIO_BENCH_RUNS ?? 5);
const BASE = `http://127.0.0.1:${PORT}`;
const BEFORE_DIST = process.env.BEFORE_DIST_DIR ? resolve(ROOT, process.env.BEFORE_DIST_DIR) : null;
const BEFORE_BASE = `http://127.0.0.1:${PORT + 1}`;
/** `change`: only the property change, on the "before" build and this one in turns (BEFORE_DIST_DIR). */
const ONLY = process.env.STUDIO_BENCH_ONLY ?? '';
const shotAt = process.argv.indexOf('--shot');
const shot = shotAt > 0 ? process.argv[shotAt + 1] : undefined;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Scripts a page loads, with their gzip -9 sizes. */
async function scriptsOf(page: Page, url: string): Promise<{ url: string; gz: number }[]> {
  const scripts: { url: string; gz: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(response.url()).pathname, gz: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  return scripts;
}

// A throwaway copy of the screens: the bench never writes, but nothing here may touch screens/.
const work = mkdtempSync(join(tmpdir(), 'bench-studio-'));
cpSync(join(ROOT, 'screens'), join(work, 'screens'), { recursive: true });
// Its own process group, so stopping it stops every process it started.
const serve = (port: number, dist: string, name: string) =>
  startServer({
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      SQLITE_PATH: join(work, `${name}.sqlite`),
      DATABASE_URL: '',
      DIST_DIR: dist,
      SCREENS_DIR: join(work, 'screens'),
      LENDER_DEV: '1',
    },
  });
const server = await serve(PORT, DIST, 'db');
const beforeServer = BEFORE_DIST ? await serve(PORT + 1, BEFORE_DIST, 'before') : null;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const lines: string[] = [];
try {
  lines.push('| figure | value |', '|---|---|');
  if (ONLY !== 'change') await wholeBench();
  // 4. The property change alone (STUDIO_BENCH_ONLY=change), with a "before" build on both, in
  // turns (the machine's load moves). The whole bench measures it in section 3.
  if (ONLY === 'change') {
    const studios = [...(beforeServer ? [await opened(BEFORE_BASE)] : []), await opened(BASE)];
    const pages = await Promise.all(
      studios.map(async ({ studio, context }) => ({
        page: studio,
        cdp: await context.newCDPSession(studio),
      })),
    );
    const figures = await changesInTurns(pages, RUNS);
    const now = figures.at(-1)!;
    const old = beforeServer ? figures[0]! : null;
    for (const { context } of studios) await context.close();
    const both = (pick: (f: { painted: number[]; polled: number[] }) => number[]) =>
      old ? `${fig(pick(old))}; ${fig(pick(now))}` : fig(pick(now));
    const which = old ? ', in turns: "before" build, this one' : '';
    lines.push(
      `| a property change → drawn in the phone, ${CPU_SLOWDOWN}× CPU${which} | ${both((f) => f.painted)} |`,
      `| the same, measured as until 2026-11-28 (a frame more when the phone changed between frames)${which} | ${both((f) => f.polled)} |`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  await beforeServer?.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(lines.join('\n'));

/** A figure: median, max and count. */
function fig(xs: number[]): string {
  return `${Math.round(median(xs))} ms (max ${Math.round(Math.max(...xs))} ms, ${xs.length} times)`;
}

/** A cold studio, signed in, until the editor shows the document and the phone the screen. */
async function opened(base: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const studio = await context.newPage();
  const start = Date.now();
  await studio.goto(`${base}/studio#loan-details`);
  // Signing in is part of opening the studio (issue 17): the demo editor.
  await studio.getByLabel('Account').fill('editor');
  await studio.getByLabel('Password').fill('demo-editor-password');
  await studio.getByRole('button', { name: 'Sign in' }).click();
  await studio.locator('.cm-content').getByText('"loan-details"').first().waitFor();
  await studio
    .frameLocator('iframe[title=Preview]')
    .locator('main.screen[data-screen="loan-details"]')
    .waitFor();
  return { studio, context, ms: Date.now() - start };
}

/** Sections 1-3: the borrower's scripts, the studio's first load, the visual tools. */
async function wholeBench() {
  // 1. The borrower's page: what it loads, and that none of it is the studio's.
  const page = await browser.newPage();
  const borrower = await scriptsOf(page, `${BASE}/loan/details?orderId=ORD-174-D&productId=P-1`);
  await page.close();
  const studioHtml = readFileSync(join(DIST, 'studio.html'), 'utf8');
  const studioOnly = [...studioHtml.matchAll(/\/assets\/(studio[A-Za-z]*-[\w-]+\.js)/g)].map((m) => m[1]!);
  const leaked = borrower.filter((s) => studioOnly.some((f) => s.url.endsWith(f)));
  const codemirror = borrower.filter((s) =>
    readFileSync(join(DIST, s.url.replace(/^\//, ''))).includes('cm-editor'),
  );

  // 2. The studio: cold loads, sign-in included, until the editor shows the document and the phone
  // shows the screen; with a "before" build, one load of each in turn.
  const times: number[] = [];
  const before: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (beforeServer) {
      const old = await opened(BEFORE_BASE);
      before.push(old.ms);
      await old.context.close();
    }
    const { studio, context, ms } = await opened(BASE);
    times.push(ms);
    if (shot && i === RUNS - 1) {
      await studio.getByLabel('Scenario').selectOption({ label: '174 Due today with rollover (isDelay 1)' });
      const phone = studio.frameLocator('iframe[title=Preview]');
      await phone.getByRole('button', { name: 'REPAY', exact: true }).click();
      await studio.getByText('showBankTip').first().waitFor();
      await studio.screenshot({ path: resolve(ROOT, shot) });
    }
    await context.close();
  }

  // 3. The visual tools at 4× CPU, on a studio opened beforehand; with a "before" build, both
  // studios open and measured in turns.
  const studios = [await opened(BASE), ...(beforeServer ? [await opened(BEFORE_BASE)] : [])];
  const [visual, visualBefore] = await measureVisualInTurns(
    await Promise.all(
      studios.map(async (s) => ({ page: s.studio, cdp: await s.context.newCDPSession(s.studio) })),
    ),
    RUNS,
  );
  for (const s of studios) await s.context.close();
  const visualLines = (v: VisualFigures, note: string) => [
    `| select a block in the outline → its panel drawn, ${CPU_SLOWDOWN}× CPU, median${note} | ${fig(v.outline)} |`,
    `| select a block in the phone (pick mode) → its panel drawn, ${CPU_SLOWDOWN}× CPU${note} | ${fig(v.phone)} |`,
    `| move the text's cursor into a block → its panel drawn, ${CPU_SLOWDOWN}× CPU${note} | ${fig(v.text)} |`,
    `| the same three, until the whole panel is drawn (its fields out of sight too): outline, phone, text${note} | ${fig(v.whole.outline)}; ${fig(v.whole.phone)}; ${fig(v.whole.text)} |`,
    `| a property changed in the panel → drawn in the phone, ${CPU_SLOWDOWN}× CPU${note} | ${fig(v.change)} |`,
    `| the same, measured as until 2026-11-28 (a frame more when the phone changed between frames)${note} | ${fig(v.changePolled)} |`,
  ];

  lines.push(
    `| JavaScript of a borrower's page (/loan/details), gzip -9 | ${kb(borrower.reduce((n, s) => n + s.gz, 0))} in ${borrower.length} file(s) |`,
    ...borrower.map((s) => `| - ${s.url} | ${kb(s.gz)} |`),
    `| studio chunks or CodeMirror among them | ${leaked.length + codemirror.length === 0 ? 'none' : [...leaked, ...codemirror].map((s) => s.url).join(', ')} |`,
    `| studio ready (sign-in, editor + previewed screen), cold, median of ${RUNS} | ${median(times)} ms (max ${Math.max(...times)} ms) |`,
    ...(before.length
      ? [
          `| the same on the "before" build (${BEFORE_DIST}), in turns with it | ${median(before)} ms (max ${Math.max(...before)} ms) |`,
        ]
      : []),
    ...visualLines(visual!, ''),
    ...(visualBefore ? visualLines(visualBefore, ', the "before" build, in turns') : []),
  );
}
