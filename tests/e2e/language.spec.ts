// The screen language's second edition end to end (issue 18): the engine demo's "Screen language
// 1.1" section, from the real server, in Chromium, under the production CSP. Variables bound to an
// input, computed values, Manila dates from the page's clock, a trigger, capability gating with and
// without a native bridge, an appear event on scrolling; the lazily loaded part of the language is
// fetched only by a screen that uses it, and the built bundle holds no eval.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, cspViolations, toasts } from './support';

const DEMO = '/demo?orderId=ORD-174-D&productId=P-1';

test('variables, computed values and functions follow the input, with Manila dates from the clock', async ({
  page,
  watch,
}) => {
  // 23:30 in Manila on 28 February: the UTC date is still the 28th too, but an hour later it is not.
  await page.clock.install({ time: new Date('2025-02-28T15:30:00Z') });
  await page.goto(DEMO);
  await expect(page.getByText('Fee (3.5%): 175')).toBeVisible();
  await expect(page.getByText('To repay: 5175')).toBeVisible();
  await expect(page.getByText('Due on 14 Mar 2025, in 14 days')).toBeAttached();
  const amount = page.getByLabel('Amount to borrow');
  await amount.fill('2000');
  await expect(page.getByText('Fee (3.5%): 70')).toBeVisible();
  await expect(page.getByText('To repay: 2070')).toBeVisible();
  await amount.fill('');
  await expect(page.getByText('Fee (3.5%):', { exact: true })).toBeVisible();
  expect(watch.pageErrors).toEqual([]);
  expect(await cspViolations(page)).toEqual([]);
});

test('a trigger fires on the third tap, once', async ({ page }) => {
  await page.goto(DEMO);
  const tap = page.getByRole('button', { name: 'Count a tap' });
  await tap.click();
  await tap.click();
  await expect(page.getByText('Taps: 2')).toBeAttached();
  expect(await toasts(page).filter({ hasText: 'Three taps' }).count()).toBe(0);
  await tap.click();
  await expect(toasts(page).filter({ hasText: 'Three taps: this toast came from a trigger' })).toBeVisible();
  await tap.click();
  await expect(page.getByText('Taps: 4')).toBeAttached();
  await expect(toasts(page).filter({ hasText: 'Three taps' })).toHaveCount(1);
});

test('a block gated on a native bridge action shows its fallback in a browser, itself in the app', async ({
  page,
}) => {
  await page.goto(DEMO);
  await expect(page.getByText('Rate us in the app store')).toBeAttached();
  await expect(page.getByText('Rate us right here in the app')).toHaveCount(0);

  // The iOS app registers a message handler per bridge action it has.
  await page.addInitScript(() => {
    (window as unknown as { webkit: unknown }).webkit = {
      messageHandlers: { goRate: { postMessage: () => undefined } },
    };
  });
  await page.goto(`${DEMO}&appVersion=3.4.0`);
  await expect(page.getByText('Rate us right here in the app')).toBeAttached();
  await expect(page.getByText('Rate us in the app store')).toHaveCount(0);
});

test('an appear event runs once, when the block is scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 400 });
  await page.goto(DEMO);
  const seen = page.getByText(/^Seen \d+ time\(s\)$/);
  await expect(seen).toBeAttached();
  await expect(seen).toHaveText('Seen 0 time(s)');
  await seen.scrollIntoViewIfNeeded();
  await expect(seen).toHaveText('Seen 1 time(s)');
  await page.mouse.wheel(0, -5000);
  await page.waitForTimeout(300);
  await seen.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await expect(seen).toHaveText('Seen 1 time(s)');
});

test('only a screen that uses the language loads its lazy part; the bundle has no eval', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/loan/details?orderId=ORD-174-D&productId=P-1');
  await page.waitForLoadState('networkidle');
  const lazy = (list: string[]) => list.filter((s) => /\/runtime-[\w-]+\.js$/.test(s));
  expect(lazy(scripts)).toEqual([]);
  await page.goto(DEMO);
  await expect(page.getByText('Fee (3.5%): 175')).toBeVisible();
  expect(lazy(scripts)).toHaveLength(1);

  const dist = join(process.cwd(), 'dist');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const path = join(dir, f);
      if (statSync(path).isDirectory()) walk(path);
      else if (f.endsWith('.js')) files.push(path);
    }
  };
  walk(dist);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    expect(code, file).not.toMatch(/\bnew Function\s*\(|[^.\w$]eval\s*\(/);
  }
});
