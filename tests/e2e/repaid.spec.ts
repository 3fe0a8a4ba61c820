// A repaid order looks repaid (issue 29 §2), through the real server and pages: a part-paid order
// is finished with a pay code for the rest, and an order repaid in full is settled on every page.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, toasts } from './support';
import { SESSION, freshRepaySession, url } from './repay-helpers';

const ORD_174 = { orderId: 'ORD-174', productId: 'P-2' };
const header = (page: Page) => page.locator('.blk-hero');

/** A card repayment of `amount` sent without a code (the card page pays the whole amount left). */
async function repayPart(request: APIRequestContext, orderId: string, amount: number): Promise<void> {
  const session = `sessionId=${SESSION.sessionId}`;
  const way = (await (
    await request.post(`/nepenthes/repayment-way?${session}`, { form: { orderId } })
  ).json()) as { data: { repayToken: string; bankCards: { id: number }[] } };
  const commit = await request.post(`/nepenthes/repayment-commit?${session}`, {
    form: { amount, cardId: way.data.bankCards[0]!.id, orderId, repayToken: way.data.repayToken, sendMsg: 0 },
  });
  expect(((await commit.json()) as { code: number }).code).toBe(0);
}

test.describe('a repaid order', () => {
  test.beforeEach(() => freshRepaySession());

  test('after a partial repayment the pages show what is left, and a pay code pays the rest', async ({
    page,
    request,
  }) => {
    await repayPart(request, 'ORD-174', 100000);

    await page.goto(url('/loan/details', ORD_174));
    await expect(header(page).getByRole('heading', { name: 'Due today' })).toBeVisible();
    await expect(page.getByText('Left to pay', { exact: true })).toBeVisible();
    await expect(page.getByText('₱2135.00', { exact: true })).toBeVisible();

    await page.goto(url('/repay', ORD_174));
    await expect(page.getByRole('heading', { name: '₱2135.00' })).toBeVisible();
    await page.getByRole('button', { name: 'Payment Method' }).click();
    const vcode = page.waitForRequest((r) => r.url().includes('/v3/loan-details/generate-vcode'));
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    expect((await vcode).postDataJSON()).toMatchObject({ orderId: 'ORD-174', amount: 213500 });
    await expect(page).toHaveURL(/\/demo\/pay\?ref=/);
    await expect(page.getByText('₱2135.00')).toBeVisible();
  });

  test('after a full repayment on the card page every page shows the order settled', async ({ page }) => {
    // The whole amount, paid through the legacy card page without a code step.
    await page.goto(url('/repay/choose', { ...ORD_174, sendMsg: '0' }));
    await page.getByRole('radiogroup', { name: 'Bank card' }).getByRole('radio').first().click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // It returns to loan details: settled (spec §4: status 200, Borrow Again), nothing to repay.
    await expect(page).toHaveURL(/\/loan\/details\?/);
    await expect(header(page).getByRole('heading', { name: 'Settled' })).toBeVisible();
    await expect(header(page).locator('img')).toHaveAttribute('src', '/assets-demo/status-200.svg');
    await expect(page.getByRole('button', { name: 'Borrow Again' })).toBeVisible();
    for (const label of ['Repayment', 'REPAY', 'Rollover Repayment'])
      await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
    await expect(page.getByText('Repaid', { exact: true })).toBeVisible();
    await expect(page.getByText('₱3135.00', { exact: true })).toBeVisible();
    // No "please repay" tip about a paid order.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The instalment page: fully repaid, no way to pay again, a way back.
    await page.goto(url('/repay', ORD_174));
    await expect(page.getByRole('heading', { name: 'Fully repaid' })).toBeVisible();
    await expect(page.getByText('Nothing is left to pay on this order.')).toBeVisible();
    for (const label of ['Payment Method', 'Copy', 'Barcode'])
      await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to the order' }).click();
    await expect(page).toHaveURL(/\/loan\/details\?/);
    await expect(header(page).getByRole('heading', { name: 'Settled' })).toBeVisible();

    // The card page: nothing to repay.
    await page.goto(url('/repay/choose', ORD_174));
    await expect(toasts(page).filter({ hasText: '该订单无需还款' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);

    // The complaint form's order card.
    await page.goto(url('/complaint', { orderId: 'ORD-174' }));
    await expect(page.getByText('Settled', { exact: true }).first()).toBeVisible();
  });

  test('after a full repayment of a rollover order the extension page says there is nothing to extend', async ({
    page,
    request,
  }) => {
    await repayPart(request, 'ORD-174-D', 522500);
    await page.goto(url('/loan/details', { orderId: 'ORD-174-D', productId: 'P-1' }));
    await expect(header(page).getByRole('heading', { name: 'Settled' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rollover Repayment' })).toHaveCount(0);

    await page.goto(url('/repay/delay', { orderId: 'ORD-174-D', productId: 'P-1' }));
    await expect(
      page.getByRole('alert').filter({ hasText: 'This order is fully repaid: there is nothing to extend.' }),
    ).toBeVisible();
  });
});
