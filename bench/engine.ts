/**
 * npm run bench:engine — the median time to validate and render a 200-block document in Chromium
 * (bench/engine/, its own small build), the engine's figure of issue 2. Writes "## Engine".
 * (The first screen's JavaScript is measured on the real route by bench/peers.ts.)
 */
import { join } from 'node:path';
import { buildPage, ROOT } from './lib/build';
import { launchChromium } from './lib/browser';
import { saveFigures } from './lib/figures';
import { writeSection } from './lib/results';
import { serveStatic } from './lib/serve';
import { median, ms, stamp } from './lib/stats';

const PORT = 8828;
const RUNS = 21;
const OUT = '/tmp/bench-engine-dist';

async function main(): Promise<void> {
  await buildPage(join(ROOT, 'bench/engine'), OUT);
  // Module scripts do not run from file://, so the build is served on loopback.
  const files = await serveStatic(OUT, PORT);
  const browser = await launchChromium();
  let times: number[];
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.waitForFunction(() => typeof window.__bench === 'function');
    await page.evaluate(() => window.__bench(3)); // warm-up
    times = await page.evaluate((runs) => window.__bench(runs), RUNS);
  } finally {
    await browser.close();
    files.close();
  }
  const value = median(times);
  saveFigures('engine', { validateRender200: value });
  const body = `
${stamp()}.

| figure | value |
|---|---|
| validate + render a 200-block document (bench/engine/), Chromium, median of ${RUNS} after 3 warm-ups | ${ms(value, 1)} |
`;
  writeSection('Engine', body);
  console.log(body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
