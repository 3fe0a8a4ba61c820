// npm run gallery: screenshots of every screen and state listed in tests/gallery/*.shots.ts,
// taken in Debian's Chromium at 375x667 against the real server with fresh demo data.
// Output: gallery/<name>.png (not committed).
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { Shot } from '../tests/gallery/types';
import { CHROMIUM_ARGS } from '../playwright.config';

const PORT = 8791;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = new URL('../', import.meta.url).pathname;
const OUT = `${ROOT}gallery/`;
const only = process.argv[2];

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start: ${url}`);
}

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
const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(PORT), SQLITE_PATH: dbFile, DATABASE_URL: '', LENDER_DEV: '1' },
  stdio: 'inherit',
  // Its own process group: npx does not pass SIGTERM on, so the server is stopped as a group
  // (otherwise it outlives the gallery and keeps port 8791).
  detached: true,
});
try {
  await waitFor(`${BASE}/screens/manifest.json`, 60_000);
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
  try {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  } catch {
    server.kill('SIGTERM');
  }
  rmSync(dbFile, { force: true });
  rmSync(`${dbFile}-wal`, { force: true });
  rmSync(`${dbFile}-shm`, { force: true });
}
