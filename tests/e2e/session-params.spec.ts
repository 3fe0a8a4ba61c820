// Session parameters after an in-app navigation (issue 16 item 1; P-01, P-04, P-05, S2.12-02,
// S2.20-17, S2.20-27) and the session cookie (issue 20 §1), against the real server.
import type { Page, Request } from '@playwright/test';
import { test, expect, phoneDraws } from './support';

/** Every API request to `path` from now on. */
function calls(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

const sessionOf = (address: string) => new URL(address).searchParams.get('sessionId');

/** In the preview: type a session id and open Loan detail (a route change, not a reload). */
async function openLoanDetail(page: Page, sessionId: string): Promise<void> {
  await page.getByLabel('Session id').fill(sessionId);
  await page.getByLabel('Order id').fill('ORD-174-D');
  await page.getByRole('button', { name: 'Loan detail', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/loan/details');
  expect(sessionOf(page.url())).toBe(sessionId);
}

test.describe('the current URL wins after a route change (issue 16 item 1)', () => {
  // These count the calls the phone makes with each session: a page the server drew (issue 26)
  // makes none (its server calls with the same URL and cookie, tests/server/ssr-page.test.ts).
  test.beforeEach(({ page }) => phoneDraws(page));
  test('P-04 S2.12-02: the loan-details call carries the session typed in the preview, not the entry one', async ({
    page,
  }) => {
    const details = calls(page, '/v3/loan-details/loan-details');
    await page.goto('/testPreview?sessionId=AAA&deviceId=DEV-A');
    await openLoanDetail(page, 'BBB');
    await expect(page.getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
    expect(details.map((r) => sessionOf(r.url()))).toEqual(['BBB']);
  });

  test('P-05 S2.20-17 S2.20-27: Rollover carries the current session to the delay page and its call', async ({
    page,
  }) => {
    const delay = calls(page, '/ndustan/imitating');
    await page.goto('/testPreview?sessionId=AAA');
    await openLoanDetail(page, 'BBB');
    await page.getByRole('button', { name: 'Rollover Repayment' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/repay/delay');
    expect(sessionOf(page.url())).toBe('BBB');
    await expect.poll(() => delay.length).toBe(1);
    expect(sessionOf(delay[0]!.url())).toBe('BBB');
  });

  test('the cookie of an earlier visit never overrides the session of the URL', async ({ page }) => {
    const details = calls(page, '/v3/loan-details/loan-details');
    await page.goto('/loan/details?orderId=ORD-110&productId=P-2&sessionId=AAA');
    await expect(page.locator('main[data-screen="loan-details"]')).toBeVisible();
    // A fresh entry without any identity (the cookie then holds AAA), then BBB typed in the preview.
    await page.goto('/testPreview');
    await openLoanDetail(page, 'BBB');
    await expect(page.getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
    expect(details.map((r) => sessionOf(r.url()))).toEqual(['AAA', 'BBB']);
  });

  test('a page reached without any identity in its URL gets the last one from the cookie', async ({
    page,
  }) => {
    const details = calls(page, '/v3/loan-details/loan-details');
    await page.goto('/loan/details?orderId=ORD-110&productId=P-2&sessionId=KEEP&deviceId=D-KEEP');
    await expect(page.locator('main[data-screen="loan-details"]')).toBeVisible();
    // e.g. the way back from the payment provider: /loan/details?orderId=... and nothing else
    await page.goto('/loan/details?orderId=ORD-110');
    await expect.poll(() => details.length).toBe(2);
    const query = new URL(details[1]!.url()).searchParams;
    expect([query.get('sessionId'), query.get('deviceId')]).toEqual(['KEEP', 'D-KEEP']);
  });
});

test.describe('the lender_session cookie (issue 20 §1)', () => {
  test('lives 30 minutes at most, not 400 days, and is not Secure on plain http', async ({
    page,
    context,
  }) => {
    await page.goto('/loan/details?orderId=ORD-110&productId=P-2&sessionId=COOKIE');
    await expect(page.locator('main[data-screen="loan-details"]')).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'lender_session');
    expect(cookie).toBeDefined();
    const life = cookie!.expires - Date.now() / 1000;
    expect(life).toBeGreaterThan(25 * 60);
    expect(life).toBeLessThanOrEqual(30 * 60 + 5);
    // Served over http here; the Secure flag is set on https (unit test: tests/unit/host/session.test.ts).
    expect(cookie!.secure).toBe(false);
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ sessionId: 'COOKIE' });
  });
});
