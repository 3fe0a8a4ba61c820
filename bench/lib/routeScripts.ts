// The JavaScript Chromium loads for an app path on a first visit: the first-screen figure of
// bench/peers.ts and the breakdown of bench/first-screen.ts.
import type { Browser } from '@playwright/test';
import { total } from './build';
import { gz } from './stats';

export interface RouteScripts {
  scripts: { url: string; gz: number }[];
  gz: number;
}

/** The JavaScript Chromium actually loads for an app path (first visit, empty cache). */
export async function routeScripts(browser: Browser, url: string): Promise<RouteScripts> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: { url: string; gz: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => void scripts.push({ url: new URL(response.url()).pathname, gz: gz(body) }))
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return { scripts, gz: total(scripts) };
}
