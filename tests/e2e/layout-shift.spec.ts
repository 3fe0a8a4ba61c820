// Layout shift on the pages the server draws (issue 26 item 4): what the HTML paints first must not
// move when the JavaScript arrives and hydrates it. At most 0.02 (the bound), summed over
// the page's life as Chromium reports it (layout-shift entries, not after input).
//
// The app's scripts are held back until the server's drawing has painted, as on a slow network: on
// this machine's loopback they can arrive before the first paint, and a shift before it is not one
// a borrower sees (support.ts holdRequests).
import type { BrowserContext } from '@playwright/test';
import { test, expect, holdRequests, hydrated, STUDIO_PUBLIC_URL } from './support';
import { withSession } from './prod-env';
import { DRAWN_PAGES } from './drawn-pages';

const MOST = 0.02;

declare global {
  interface Window {
    __shift?: number;
  }
}

/** The page's layout shift, its scripts held until the server's drawing has painted. */
async function shiftOf(context: BrowserContext, path: string, shows: string[]): Promise<number> {
  // A page of the context's own: the fixture's page waits for hydration in goto, which the held
  // scripts would keep from coming.
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) window.__shift = (window.__shift ?? 0) + entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const scripts = await holdRequests(context, /\/assets\/[^?]*\.js(\?|$)/);
  await page.goto(path, { waitUntil: 'commit' });
  for (const text of shows) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  scripts.release();
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  // Two frames: a shift of the last paint is reported after it.
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__shift ?? 0))),
      ),
  );
}

for (const c of DRAWN_PAGES) {
  test(`${c.name}: the server's drawing does not move when the page hydrates`, async ({ context }) => {
    expect(await shiftOf(context, c.path, c.shows)).toBeLessThanOrEqual(MOST);
  });
}

// Repayment's fold list, choices and code box are lazy blocks: it moved 0.033 before the server
// linked their stylesheets. The same on the borrowers' port of the production configuration.
test('in production (signed session): repayment does not move when it hydrates', async ({ context }) => {
  const path = `${STUDIO_PUBLIC_URL}${withSession('/repay?orderId=ORD-174&productId=P-2')}`;
  expect(await shiftOf(context, path, ['Repayment details'])).toBeLessThanOrEqual(MOST);
});
