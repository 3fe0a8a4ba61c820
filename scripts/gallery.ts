// npm run gallery: screenshots of every screen and state listed in tests/gallery/*.shots.ts,
// taken in Debian's Chromium at 375x667 against the real server with fresh demo data.
// Output: gallery/<name>.png (not committed).
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { Shot } from '../tests/gallery/types';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startServer } from './lib/server-process';

const PORT = 8791;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = new URL('../', import.meta.url).pathname;
const OUT = `${ROOT}gallery/`;
const only = process.argv[2];

async function loadShots(): Promise<Shot[]> {
  const dir = `${ROOT}tests/gallery/`;
  const shots: Shot[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.shots.ts'))
    .sort()) {
    const mod = (await import(dir + file)) as { shots: Shot[] };
    shots.push(...mod.shots);
  }
  return only ? shots.filter((s) => s.name.includes(only)) : shots;
}

const dbFile = `${ROOT}data/gallery-${Date.now()}.sqlite`;
// Its own process group, stopped as a group: nothing it started outlives the gallery on port 8791.
const server = await startServer({
  cwd: ROOT,
  env: { ...process.env, PORT: String(PORT), SQLITE_PATH: dbFile, DATABASE_URL: '', LENDER_DEV: '1' },
  echo: true,
  detached: true,
});
try {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const shots = await loadShots();
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    try {
      await page.goto(BASE + shot.path, { waitUntil: 'networkidle' });
      if (shot.setup) await shot.setup(page);
      await page.waitForTimeout(250);
      await page.screenshot({ path: `${OUT}${shot.name}.png`, fullPage: shot.fullPage ?? false });
      console.log(`gallery/${shot.name}.png`);
    } catch (error) {
      console.error(`${shot.name}: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    } finally {
      await context.close();
    }
  }
  await browser.close();
} finally {
  await server.stop();
  rmSync(dbFile, { force: true });
  rmSync(`${dbFile}-wal`, { force: true });
  rmSync(`${dbFile}-shm`, { force: true });
}
