// Money shows one currency sign (issue 16 item 5; D-05, D-06, P-21, P-29, S2.14-04, S2.15-04,
// S2.16, S2.17-03, S2.18-04, S2.19-05, SL): every page that shows an amount, once with the real
// server's integer cents and once with every money field served as a preformatted string. The
// server never sends strings, so that case edits its replies (page.route); the rest is real.
import type { Page } from '@playwright/test';
import { test, expect } from './support';
import { amountsAsStrings, doubledSign, servePreformatted } from './money-helpers';

const SESSION = 'sessionId=E2E-MONEY&deviceId=dev-money';

interface MoneyPage {
  name: string;
  /** Address (or how to reach the page), and what must show on it. */
  open(page: Page): Promise<void>;
  shows: string[];
}

const PAGES: MoneyPage[] = [
  {
    name: 'loan confirm (S2.18-02, S2.18-04)',
    open: (page) => page.goto(`/loan/confirm?productId=P-2&${SESSION}`).then(() => undefined),
    shows: ['₱3000.00', '₱3144.00'],
  },
  {
    name: 'loan confirm variant (S2.19-01, S2.19-05)',
    open: (page) => page.goto(`/loan/confirm-v?productId=P-2&${SESSION}`).then(() => undefined),
    shows: ['₱3000.00', '₱3144.00'],
  },
  {
    name: 'instalment repayment (S2.16)',
    open: (page) => page.goto(`/repay?orderId=ORD-174&productId=P-2&${SESSION}`).then(() => undefined),
    shows: ['₱3135.00'],
  },
  {
    name: 'extension repayment, with its plan (S2.17-02, S2.17-03)',
    open: (page) =>
      page.goto(`/repay/delay?orderId=ORD-174-D&productId=P-1&${SESSION}`).then(() => undefined),
    shows: ['₱450.00'],
  },
  {
    name: 'legacy card repayment (SL)',
    open: (page) => page.goto(`/repay/choose?orderId=ORD-174&${SESSION}`).then(() => undefined),
    shows: ['₱3135.00'],
  },
  {
    name: 'pay code v2, from the instalment page (S2.15-04)',
    open: async (page) => {
      await page.goto(`/repay?orderId=ORD-174&productId=P-2&${SESSION}`);
      await page
        .getByRole('button', { name: /7700174000001/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/repaymentOfCode2\?/);
    },
    shows: ['₱3135.00'],
  },
];

async function mainText(page: Page): Promise<string> {
  await expect(page.locator('main[data-screen]')).toBeVisible();
  return page.evaluate(() => document.body.innerText);
}

for (const mode of ['numbers', 'strings'] as const) {
  test.describe(`money with amounts as ${mode}`, () => {
    for (const target of PAGES) {
      test(`${target.name}: one sign per amount`, async ({ page, watch }) => {
        if (mode === 'strings') await servePreformatted(page);
        await target.open(page);
        for (const amount of target.shows) await expect(page.getByText(amount).first()).toBeVisible();
        const text = await mainText(page);
        expect(doubledSign(text), text).toEqual([]);
        expect(watch.pageErrors).toEqual([]);
      });
    }

    test('S2.14-04 D-46 pay code page: repayAmount from the address', async ({ page }) => {
      const amount = mode === 'strings' ? '₱535.00' : '53500';
      const query = new URLSearchParams({ showType: '1', payCode: '7700174000001', repayAmount: amount });
      await page.goto(`/repaymentOfCode?${query.toString()}&${SESSION}`);
      await expect(page.getByText('₱535.00').first()).toBeVisible();
      expect(doubledSign(await mainText(page))).toEqual([]);
    });
  });
}

test('the string mode really serves strings (the stub is what the test says it is)', () => {
  expect(
    amountsAsStrings({ amount: 300000, list: [{ amount: 5, title: 'x' }], repayAmount: '₱1.00' }),
  ).toEqual({
    amount: '₱3000.00',
    list: [{ amount: '₱0.05', title: 'x' }],
    repayAmount: '₱1.00',
  });
});
