// The lender's host end to end (issue 3): session parameters become headers on the right
// client, every transport failure ends in a visible message and a usable page, and a hostile
// server address is refused.
import type { Page, Route } from '@playwright/test';
import { test, expect, toasts } from './support';

const PARAMS = 'orderId=ORD-174-D&productId=7&building=a&gather=b&swift=c&eyes=d';

test('session parameters go out as headers on the right client, with product_id on calls', async ({
  page,
}) => {
  const v3 = page.waitForRequest((r) => r.url().includes('/v3/loan-details/loan-details'));
  const form = page.waitForRequest((r) => r.url().includes('/nepenthes/contact-kf-info'));
  await page.goto(`/demo?${PARAMS}`);
  const json = await v3;
  const formCall = await form;

  const jsonHeaders = await json.allHeaders();
  expect(jsonHeaders['x-requested-with']).toBe('XMLHttpRequest');
  expect(jsonHeaders.building).toBe('a');
  expect(jsonHeaders.gather).toBe('b');
  expect(jsonHeaders['content-type']).toContain('application/json');
  expect(jsonHeaders.swift).toBeUndefined();

  const formHeaders = await formCall.allHeaders();
  expect(formHeaders['x-requested-with']).toBe('XMLHttpRequest');
  expect(formHeaders['content-type']).toContain('application/x-www-form-urlencoded');
  expect(formHeaders.swift).toBe('c');
  expect(formHeaders.eyes).toBe('d');
  expect(formHeaders.building).toBeUndefined();
  expect(formCall.postData()).toBe('overall=30');

  for (const call of [json, formCall]) {
    const url = new URL(call.url());
    expect(url.searchParams.get('product_id')).toBe('7');
    expect(url.searchParams.get('productId')).toBe('7');
  }
});

async function expectUsable(page: Page) {
  await expect(toasts(page).filter({ hasText: 'Network error, please try again' })).toBeVisible();
  // The page still works: a tap still runs its actions.
  await page.getByRole('button', { name: 'Open a popup' }).click();
  await expect(page.getByRole('dialog', { name: 'Hello' })).toBeVisible();
}

const failures: [string, (route: Route) => Promise<void>][] = [
  ['an HTTP 500', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' })],
  [
    'a body that is not JSON',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>oops' }),
  ],
  ['an unreachable server', (route) => route.abort('connectionrefused')],
];

for (const [name, answer] of failures) {
  test(`${name} ends in a visible message and a usable page`, async ({ page }) => {
    await page.route('**/v3/loan-details/loan-details**', answer);
    await page.goto(`/demo?${PARAMS}`);
    await expectUsable(page);
  });
}

test('a call that times out settles with a message after 60 s', async ({ page }) => {
  await page.clock.install();
  await page.route('**/v3/loan-details/loan-details**', () => {
    // Never answered: only the client's 60 s timeout can end it.
  });
  await page.goto(`/demo?${PARAMS}`);
  await expect(page.getByText(/^Service e-mail: .+@/)).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
  await page.clock.runFor(61_000);
  await expectUsable(page);
});

test('a javascript: h5Url from the server is refused, not executed', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.route('**/v3/loan-details/loan-details**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        data: { noticeStatusText: '<b>x</b>', h5Url: 'javascript:alert(1)' },
      }),
    }),
  );
  await page.goto(`/demo?${PARAMS}`);
  await expect(page.getByText('Order status: <b>x</b>')).toBeVisible();
  const before = page.url();
  await page.getByRole('button', { name: 'Open the repayment address' }).click();
  await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
  expect(page.url()).toBe(before);
  expect(dialogs).toBe(0);
});
