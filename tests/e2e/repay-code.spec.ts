// The pay code pages (/repaymentOfCode §2.14, /repaymentOfCode2 §2.15) and the payment guide (§2.13).
import { test, expect, cspViolations, toasts } from './support';
import { url } from './repay-helpers';

test.describe('repayment by code', () => {
  test('S2.14-01 S2.14-02 S2.14-04 showType 1: the code with Copy (copy success) and the channel image', async ({
    page,
    context,
    watch,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(
      url('/repaymentOfCode', { showType: '1', payCode: '7700174000001', repayAmount: '313500' }),
    );
    await expect(page.getByRole('heading', { name: '₱3135.00' })).toBeVisible();
    await expect(page.getByText('7700174000001')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Where to pay with the code' })).toBeVisible();
    await expect(page.getByText(/^[1-5]\. /)).toHaveCount(0);

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'copy success' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('7700174000001');
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('S2.14-03 another showType: the QR image from payCodeImg and exactly 5 scanning tips', async ({
    page,
  }) => {
    await page.goto(
      url('/repaymentOfCode', {
        showType: '2',
        payCode: '7700174000001',
        payCodeImg: '/img/repay/channel-store.svg',
        repayAmount: '313500',
      }),
    );
    const qr = page.getByRole('img', { name: 'Repayment QR code' });
    await expect(qr).toHaveAttribute('src', '/img/repay/channel-store.svg');
    await expect(qr).toHaveCount(1);
    const tips = page.locator('.blk-section').filter({ hasText: 'How to pay with the QR code' });
    await expect(tips.getByText(/^[1-9]\. /)).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toHaveCount(0);
  });

  test('S2.14-03 without payCodeImg the QR code is drawn from payCode', async ({ page }) => {
    await page.goto(
      url('/repaymentOfCode', { showType: '0', payCode: '7700174000001', repayAmount: '313500' }),
    );
    const qr = page.getByRole('img', { name: 'Repayment QR code' });
    await expect(qr).toBeVisible();
    await expect(qr.locator('path, rect').first()).toBeAttached();
    await expect(page.getByText(/^[1-9]\. /)).toHaveCount(5);
  });

  test('S2.14-03 ruling 11 a payCodeImg that is not http(s) is not shown', async ({ page }) => {
    await page.goto(url('/repaymentOfCode', { showType: '2', payCodeImg: 'javascript:alert(1)' }));
    await expect(page.getByRole('img', { name: 'Repayment QR code' })).toBeVisible();
    await expect(page.locator('img[src^="javascript"]')).toHaveCount(0);
  });
});

test.describe('repayment by code v2', () => {
  const stored = {
    orderId: 'ORD-180',
    productName: 'FastPeso',
    payCode: '7700180000001',
    logo: '/assets-demo/channel-gcash.svg',
    title: 'GCash bills payment',
    repayAmount: 1145000,
    payNotice: {
      GCash: [{ name: 'Pay with the GCash app', steps: ['Open GCash', '<b>Tap</b> Bills'] }],
      'Over the counter': [{ name: '7-Eleven CLiQQ', steps: ['Give the contract no.'] }],
    },
  };

  test('S2.15-01..05 D-46 reads repayInfo: logo, Contract No. click-to-copy, total, grouped notices', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript((info) => localStorage.setItem('repayInfo', JSON.stringify(info)), stored);
    await page.goto(url('/repaymentOfCode2'));
    await expect(page.getByRole('img', { name: 'GCash bills payment' })).toBeVisible();
    await expect(page.getByText('Contract No.', { exact: true })).toBeVisible();
    await expect(page.locator('.blk-row').filter({ hasText: 'Total payment' })).toContainText('₱11450.00');
    await expect(page.getByRole('heading', { name: 'GCash' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Over the counter' })).toBeVisible();
    await expect(page.getByText('1. Open GCash')).toBeVisible();
    // Ruling 12: a step is text, never HTML.
    await expect(page.getByText('2. <b>Tap</b> Bills')).toBeVisible();

    await page.getByRole('button', { name: /7700180000001/ }).click();
    await expect(toasts(page).filter({ hasText: 'copy success' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('7700180000001');
  });

  test('S2.15-01 from nothing: a clear message and a way back', async ({ page }) => {
    await page.goto(url('/repaymentOfCode2', { orderId: 'ORD-174', productId: 'P-2' }));
    await expect(page.getByText('No payment code to show')).toBeVisible();
    await expect(page.getByText('Contract No.', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    // Opened directly: there is nowhere to go back to, so the fallback (loan details) opens.
    await expect(page).toHaveURL(/\/loan\/details\?.*orderId=ORD-174/);
  });

  test('S2.15-01 a corrupt or foreign record shows the same message, not a blank page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('repayInfo', '{"payCode": 77001'));
    await page.goto(url('/repaymentOfCode2'));
    await expect(page.getByText('No payment code to show')).toBeVisible();

    await page.addInitScript(() => localStorage.setItem('repayInfo', '["not", "a", "record"]'));
    await page.reload();
    await expect(page.getByText('No payment code to show')).toBeVisible();
  });
});

test.describe('payment guide', () => {
  test('S2.13-01 S2.13-02 the channels with steps; a screenshot opens full screen', async ({
    page,
    watch,
  }) => {
    await page.goto(url('/repay/guide'));
    for (const channel of ['Gcash bills', 'Paymaya', 'Offline store'])
      await expect(page.getByRole('heading', { name: channel })).toBeVisible();
    await expect(page.getByText('1. Open the GCash app and tap Bills.')).toBeVisible();
    await expect(page.getByText('2. Choose Loans, then PesoQuick.')).toBeVisible();

    const shot = page.getByRole('button', { name: 'Maya: entering the Contract No. and the amount' });
    await shot.scrollIntoViewIfNeeded();
    await shot.click();
    const zoom = page.getByRole('dialog', { name: 'Maya: entering the Contract No. and the amount' });
    await expect(zoom).toBeVisible();
    const big = zoom.getByRole('img');
    await expect(big).toHaveAttribute('src', '/img/repay/paymaya-2.svg');
    const box = await big.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    await zoom.getByRole('button', { name: 'Close' }).click();
    await expect(zoom).toHaveCount(0);
    expect(watch.pageErrors).toEqual([]);
  });
});
