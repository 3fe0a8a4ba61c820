// A Chrome trace of bench:studio's selections (issue 25 speed), to see where a selection's time
// goes: on a build (DIST_DIR, default dist), a studio on loan details at 4× CPU, N rounds of each
// place's selections (the bench's own `select`, whose marks `bench:select` and `bench:drawn`
// bound each one in the trace), one trace per place written to TRACE_DIR (default the system's
// temporary folder) as studio-<place>.json. Not a figure: tracing slows the page down.
// npx tsx bench/studio-trace.ts
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startServer } from '../scripts/lib/server-process';
import { prepare, select } from './studio-visual';

const ROOT = new URL('../', import.meta.url).pathname;
const PORT = Number(process.env.STUDIO_BENCH_PORT ?? 8794);
const DIST = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
const OUT = process.env.TRACE_DIR ?? tmpdir();
const N = Number(process.env.N ?? 3);
const LABELS = ['REPAY', 'Rollover Repayment'];
const PLACES = ['outline', 'phone', 'text'] as const;

const work = mkdtempSync(join(tmpdir(), 'studio-trace-'));
cpSync(join(ROOT, 'screens'), join(work, 'screens'), { recursive: true });
const server = await startServer({
  cwd: ROOT,
  detached: true,
  env: {
    ...process.env,
    PORT: String(PORT),
    SQLITE_PATH: join(work, 'db.sqlite'),
    DATABASE_URL: '',
    DIST_DIR: DIST,
    SCREENS_DIR: join(work, 'screens'),
    LENDER_DEV: '1',
  },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/studio#loan-details`);
  await page.getByLabel('Account').fill('editor');
  await page.getByLabel('Password').fill('demo-editor-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.cm-content').getByText('"loan-details"').first().waitFor();
  await page
    .frameLocator('iframe[title=Preview]')
    .locator('main.screen[data-screen="loan-details"]')
    .waitFor();
  const cdp = await context.newCDPSession(page);
  await prepare(page, cdp);
  // A round to warm up, not traced.
  for (const place of PLACES) for (const label of LABELS) await select(page, place, label);
  for (const place of PLACES) {
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    const ms: number[] = [];
    for (let i = 0; i < N; i++)
      for (const label of LABELS) {
        const r = await select(page, place, label);
        ms.push(Math.round(r.drawn));
        if (i === 0)
          console.log(
            `${label}: ${r.fields} fields, ${r.elements} elements in the panel's first frame; in sight ${r.first}`,
          );
      }
    const file = join(OUT, `studio-${place}.json`);
    writeFileSync(file, await browser.stopTracing());
    console.log(`${place}: ${ms.join(' ')} ms (traced) → ${file}`);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
} finally {
  await browser.close();
  await server.stop();
}
