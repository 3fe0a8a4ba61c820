// The lender's host end to end (issue 3): session parameters become headers on the right
// client, every transport failure ends in a visible message and a usable page, and a hostile
// server address is refused.
import type { Page, Route } from '@playwright/test';
import { test, expect, phoneDraws, toasts } from './support';

const PARAMS = 'orderId=ORD-174-D&productId=7&building=a&gather=b&swift=c&eyes=d';

test('session parameters go out as headers on the right client, with product_id on calls', async ({
  page,
}) => {
  // The calls the phone makes: a page the server drew (issue 26) makes none.
  await phoneDraws(page);
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
  // The page is not left half-drawn (issue 20 §3): the standard error with Try again, which works
  // once the server answers again; then the page takes taps.
  await page.unroute(LOAN_DETAILS);
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('button', { name: 'Open a popup' }).click();
  await expect(page.getByRole('dialog', { name: 'Hello' })).toBeVisible();
}

const LOAN_DETAILS = '**/v3/loan-details/loan-details**';

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
    await page.route(LOAN_DETAILS, answer);
    await page.goto(`/demo?${PARAMS}`);
    await expectUsable(page);
  });
}

test('a call that times out settles with a message after 60 s', async ({ page }) => {
  await page.clock.install();
  await page.route(LOAN_DETAILS, () => {
    // Never answered: only the client's 60 s timeout can end it.
  });
  await page.goto(`/demo?${PARAMS}`);
  await expect(page.getByText('Loading the demo loan…')).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
  // The page's clock ran while it loaded, and the call went out at its start: the message (shown
  // for 3 s) comes 60 s after the call, so step to it rather than jump past it.
  await page.clock.runFor(50_000);
  await expect(toasts(page)).toHaveCount(0);
  const message = toasts(page).filter({ hasText: 'Network error, please try again' });
  for (let s = 0; s < 11 && !(await message.isVisible()); s++) await page.clock.runFor(1000);
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
