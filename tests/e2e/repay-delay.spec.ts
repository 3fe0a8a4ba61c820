// Extension (delay) repayment (/repay/delay, spec §2.17) against the reference server's demo orders.
import { test, expect, cspViolations, toasts } from './support';
import { doubleTap, record, url, freshRepaySession } from './repay-helpers';

const ORD_174_D = { orderId: 'ORD-174-D', productId: 'P-1' };

// These tests read the phone's own calls: their pages are drawn by the phone (support.ts `draw`).
test.use({ draw: 'phone' });

test.describe('extension repayment', () => {
  test.beforeEach(() => freshRepaySession());

  test('S2.17-01 S2.17-02 S2.17-03 D-37 delay title, amount, next payment date and the Plan list', async ({
    page,
    watch,
  }) => {
    const source = page.waitForRequest((r) => r.url().includes('/ndustan/imitating'));
    await page.goto(url('/repay/delay', ORD_174_D));
    expect((await source).postDataJSON()).toEqual(ORD_174_D);

    await expect(page.getByRole('heading', { name: 'Extension fee' })).toBeVisible();
    await expect(page.getByText('₱450.00').first()).toBeVisible();
    const next = page.getByText(/^Your next payment date is \d{4}-\d{2}-\d{2}$/);
    await expect(next).toBeVisible();
    await expect(page.getByText('PesoQuick', { exact: true })).toBeVisible();

    const plan = page.locator('.blk-section').filter({ has: page.getByRole('heading', { name: 'Plan' }) });
    await expect(plan.getByText('Extension fee (7 days)')).toBeVisible();
    await expect(plan.getByText('Pay now')).toBeVisible();
    await expect(plan.getByText('Remaining balance')).toBeVisible();
    await expect(plan.getByText('New due date')).toBeVisible();
    await expect(plan.getByText('₱5225.00')).toBeVisible();
    // The second plan row's time is the next payment date of the header.
    const date = (await next.textContent())!.slice(-10);
    await expect(plan.getByText(date)).toBeVisible();
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('S2.17-04 the same folded detail, pay-code box and barcode modal as the instalment page', async ({
    page,
  }) => {
    await page.goto(url('/repay/delay', ORD_174_D));
    const details = page.locator('.blk-section').filter({ hasText: 'Repayment details' });
    await expect(details.getByText('Principal')).toBeVisible();
    await expect(details.getByText('Total due')).toHaveCount(0);
    await details.getByRole('button', { name: 'more' }).click();
    await expect(details.getByText('Total due')).toBeVisible();
    await details.getByRole('button', { name: 'hide' }).click();
    await expect(details.getByText('Total due')).toHaveCount(0);

    await page.getByRole('button', { name: 'Barcode' }).click();
    const modal = page.getByRole('dialog', { name: 'Payment barcode' });
    await expect(modal.getByRole('img', { name: 'Payment barcode' })).toBeVisible();
    await expect(modal.getByText('Amount due ₱450.00')).toBeVisible();
  });

  test('S2.17-05 D-38 D-34 Payment sends the delay amount with isDelay 1 and follows payUrl', async ({
    page,
  }) => {
    await page.goto(url('/repay/delay', ORD_174_D));
    await page.getByRole('button', { name: 'Payment Method' }).click();
    const modal = page.getByRole('dialog', { name: 'Payment Method' });
    await expect(modal.getByRole('radio').first()).toHaveAttribute('aria-checked', 'true');
    const vcode = page.waitForRequest((r) => r.url().includes('/v3/loan-details/generate-vcode'));
    await modal.getByRole('button', { name: 'Payment', exact: true }).click();
    expect((await vcode).postDataJSON()).toEqual({
      productId: 'P-1',
      orderId: 'ORD-174-D',
      amount: 45000,
      isDelay: 1,
      channelNumber: '10001',
    });
    await expect(page).toHaveURL(/\/demo\/pay\?ref=/);
    expect(page.url()).not.toContain('sessionId');
    // The stand-in provider page shows what the server recorded for this pay code.
    await expect(page.locator('dd', { hasText: '₱450.00' })).toBeVisible();
    await expect(page.locator('dd', { hasText: 'yes' })).toBeVisible();
  });

  test('S2.17-05 a double tap on Payment sends one request', async ({ page }) => {
    await page.goto(url('/repay/delay', ORD_174_D));
    await page.getByRole('button', { name: 'Payment Method' }).click();
    const sent = record(page, '/v3/loan-details/generate-vcode');
    await doubleTap(page, 'Payment');
    await expect(page).toHaveURL(/\/demo\/pay\?ref=/);
    expect(sent).toHaveLength(1);
  });

  test('S2.15-04 D-46 the pay code of an extension: code page v2 shows the delay amount', async ({
    page,
  }) => {
    await page.goto(url('/repay/delay', ORD_174_D));
    await page.getByRole('button', { name: '7700174000002' }).click();
    await expect(page).toHaveURL(/\/repaymentOfCode2\?/);
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('repayInfo') ?? 'null') as unknown,
    );
    expect(saved).toMatchObject({ payCode: '7700174000002', delayAmount: 45000 });
    expect(saved).not.toHaveProperty('repayAmount');
    const total = page.locator('.blk-row').filter({ hasText: 'Total payment' });
    await expect(total.getByText('₱450.00')).toBeVisible();
  });

  test('S2.17-06 ruling 3 an order that cannot be extended: the server message, no blank page', async ({
    page,
  }) => {
    await page.goto(url('/repay/delay', { orderId: 'ORD-174', productId: 'P-2' }));
    await expect(toasts(page).filter({ hasText: 'This order cannot be extended' })).toBeVisible();
    // The page says what it could not load, with the message, and offers Try again (issue 20 §3).
    const failed = page.getByRole('alert').filter({ hasText: 'We could not load your extension details.' });
    await expect(failed).toContainText('This order cannot be extended');
    await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
