// Borrower pages the server draws (issue 26): the HTML already shows the borrower's data, the
// phone hydrates it without a mismatch and without calling the screen's sources again, and with
// JavaScript off the page still shows its amounts, status and texts (javascript-off.spec.ts). In the
// demo (the borrower specs' server) and in production (signed sessions, the studio specs' server,
// tests/e2e/prod-env.ts).
import type { Page } from '@playwright/test';
import { collectConsole, HYDRATION, hydrated, test, expect, STUDIO_PUBLIC_URL } from './support';
import { url as loanUrl } from './loan-helpers';
import { withSession } from './prod-env';
import { DRAWN_PAGES } from './drawn-pages';

/** Calls the page makes to `paths` from now on. */
function calls(page: Page, paths: string[]): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (paths.includes(path)) seen.push(path);
  });
  return seen;
}

async function drawnBody(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  return response.text();
}

for (const c of DRAWN_PAGES) {
  test(`${c.name}: drawn by the server, hydrated with no mismatch and no second data call`, async ({
    page,
  }) => {
    const html = await drawnBody(page, c.path);
    expect(html).toContain('id="screen-drawn"');
    expect(html).toMatch(/<div id="root"><.*class="screen"/s);
    const messages = collectConsole(page);
    const repeated = calls(page, c.sources);
    await page.goto(c.path);
    for (const text of c.shows) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    // Hydrated: the page's own code answers a tap (the events batch, the screen view, runs too),
    // and React has said whether the server's HTML matched (in hydration's commit).
    await hydrated(page);
    expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
    expect(repeated).toEqual([]);
  });
}

test('loan details answers taps after hydration: REPAY opens the repayment page', async ({ page }) => {
  const messages = collectConsole(page);
  await page.goto(loanUrl('/loan/details', { orderId: 'ORD-174-D', productId: 'P-1' }));
  await page.getByRole('button', { name: 'REPAY', exact: true }).click();
  await expect(page).toHaveURL(/\/repay\?/);
  expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
});

// A call that fails on the server is called again by the phone, which then says so: the server's
// drawing has no toast (it did, and every such page was a hydration mismatch).
test('an order not found: no toast in the server’s HTML, the phone’s own after hydration, no mismatch', async ({
  page,
}) => {
  const path = loanUrl('/loan/details', { orderId: 'ORD-404', productId: 'P-1' });
  const html = await drawnBody(page, path);
  expect(html).toContain('id="screen-drawn"');
  expect(html).not.toContain('data-toast');
  const messages = collectConsole(page);
  await page.goto(path);
  await expect(page.locator('[data-toast="message"]')).toHaveText('Order not found');
  expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
});

test.describe('in production (signed session)', () => {
  const prod = (path: string) => `${STUDIO_PUBLIC_URL}${withSession(path)}`;
  test('loan details and repayment: drawn with the borrower’s data, hydrated with no mismatch', async ({
    page,
  }) => {
    for (const path of [
      '/loan/details?orderId=ORD-174-D&productId=P-1',
      '/repay?orderId=ORD-174&productId=P-2',
    ]) {
      const html = await drawnBody(page, prod(path));
      expect(html).toContain('id="screen-drawn"');
      const messages = collectConsole(page);
      await page.goto(prod(path));
      await expect(page.locator('main.screen')).toBeVisible();
      await hydrated(page);
      expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
    }
    const html = await drawnBody(page, prod('/loan/details?orderId=ORD-174-D&productId=P-1'));
    expect(html).toContain('₱5000.00');
  });

  test('a forged session gets no one’s data in the HTML', async ({ page }) => {
    const html = await drawnBody(
      page,
      `${STUDIO_PUBLIC_URL}/loan/details?orderId=ORD-174-D&productId=P-1&sessionId=forged`,
    );
    expect(html).not.toContain('₱5000.00');
    expect(html).not.toMatch(/"answered":\{/);
  });
});
