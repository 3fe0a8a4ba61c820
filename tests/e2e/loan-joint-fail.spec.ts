// Joint-login failure (/joint-fail, spec §2.21, §7.5) against the reference server's demo data.
import type { Page } from '@playwright/test';
import { test, expect, bridgeLog, cspViolations, toasts } from './support';
import { editReply, record, reply, url, watchDialogs } from './loan-helpers';

const products = (page: Page) => page.locator('section[role="button"]');
const product = (page: Page, name: string) => products(page).filter({ hasText: name });

// These tests read the phone's own calls: their pages are drawn by the phone (support.ts `draw`).
test.use({ draw: 'phone' });

test.describe('joint-login failure', () => {
  test('S2.21-01 S2.21-02 S2.21-03 S2.21-04 title, notice and error messages, products with tags on the first two only', async ({
    page,
    watch,
  }) => {
    const drowns = page.waitForRequest((r) => r.url().includes('/gopia/goya/drowns'));
    await page.goto(url('/joint-fail'));
    expect((await drowns).method()).toBe('POST');
    await expect(page).toHaveTitle('Order Details');
    await expect(page.getByText('We could not sign you in from the partner app.')).toBeVisible();
    await expect(page.getByText('Your partner session has expired.', { exact: false })).toBeVisible();
    await expect(products(page)).toHaveCount(4);

    const first = product(page, 'PesoQuick');
    await expect(first.getByRole('img', { name: 'PesoQuick logo' })).toBeVisible();
    for (const text of [
      'Apply',
      '₱1000.00-₱20000.00',
      'Loan amount',
      'Cash in 5 minutes',
      'Daily interest rate 0.05%',
      'Fast',
      'Low rate',
    ])
      await expect(first.getByText(text, { exact: true })).toBeVisible();
    await expect(product(page, 'CashBuddy').getByText('Repeat bonus', { exact: true })).toBeVisible();
    // Third and fourth items carry tags too, but only the first two show them.
    await expect(product(page, 'LoanLite').getByText('Small loans', { exact: true })).toHaveCount(0);
    await expect(product(page, 'FastPeso').getByText('Big amount', { exact: true })).toHaveCount(0);
    await expect(product(page, 'FastPeso').getByText('Daily interest rate 0.03%')).toBeVisible();
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('S2.21-05 D-48 a product with enabled 0 is grey #ccc and does nothing', async ({ page }) => {
    const clicks = record(page, '/gopia/goya/because');
    const defines = record(page, '/gopia/goya/define');
    await page.goto(url('/joint-fail'));
    const disabled = product(page, 'LoanLite');
    await expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await expect(disabled.getByText('LoanLite')).toHaveCSS('color', 'rgb(204, 204, 204)');
    await disabled.click({ force: true });
    await page.waitForTimeout(300);
    expect(clicks).toHaveLength(0);
    expect(defines).toHaveLength(0);
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('S2.21-06 D-47 a tap logs the click, asks define with id 18 and opens an http result directly', async ({
    page,
  }) => {
    await page.goto(url('/joint-fail'));
    const click = page.waitForRequest((r) => r.url().includes('/gopia/goya/because'));
    const define = page.waitForRequest((r) => r.url().includes('/gopia/goya/define'));
    await product(page, 'PesoQuick').click();
    expect((await click).postDataJSON()).toEqual({ productId: 'P-1', position: 0 });
    expect((await define).postDataJSON()).toEqual({ productId: 'P-1', id: 18 });
    await expect(page).toHaveURL(/\/product\?productId=P-1$/);
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('S2.21-06 a result that is not http goes to the native app', async ({ page }) => {
    await page.goto(url('/joint-fail'));
    const define = page.waitForRequest((r) => r.url().includes('/gopia/goya/define'));
    await product(page, 'CashBuddy').click();
    expect((await define).postDataJSON()).toEqual({ productId: 'P-2', id: 18 });
    await expect
      .poll(() => bridgeLog(page))
      .toEqual([{ name: 'openPage', payload: { url: 'pesoquick://product/detail?productId=P-2' } }]);
    expect(new URL(page.url()).pathname).toBe('/joint-fail');
  });

  test('D-31 issue 29 §4: a partner app address the server returned goes to the native app as data', async ({
    page,
  }) => {
    // The reference server's catalogue has no partner app; a lender's backend answers with one.
    const partner = 'cashbuddy://apply?productId=P-2&from=joint';
    await reply(page, '/gopia/goya/define', { code: '00', message: 'success', data: partner });
    await page.goto(url('/joint-fail'));
    await product(page, 'CashBuddy').click();
    await expect.poll(() => bridgeLog(page)).toEqual([{ name: 'openPage', payload: { url: partner } }]);
    await expect(toasts(page)).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/joint-fail');
  });

  test('S2.21-07 a define code other than 00 shows the server message', async ({ page }) => {
    await reply(page, '/gopia/goya/define', { code: '500', message: 'Product jump failed', data: null });
    await page.goto(url('/joint-fail'));
    await product(page, 'FastPeso').click();
    await expect(toasts(page).filter({ hasText: 'Product jump failed' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/joint-fail');
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('S2.21-07 a notice reply other than 00 shows the server message', async ({ page }) => {
    await reply(page, '/gopia/goya/drowns', { code: '500', message: 'Service busy', data: null });
    await page.goto(url('/joint-fail'));
    await expect(toasts(page).filter({ hasText: 'Service busy' })).toBeVisible();
    await expect(products(page)).toHaveCount(0);
  });

  test('D-31 D-32 rulings 11 12 issue 20 §4: HTML shown as text; a javascript: result is refused, neither followed nor handed to the native app', async ({
    page,
    watch,
  }) => {
    const dialogs = watchDialogs(page);
    await editReply(page, '/gopia/goya/drowns', (body) => {
      const data = body.data as { parade: Record<string, unknown>[] };
      return {
        ...body,
        data: {
          ...data,
          murmur: '<h1 id="pwn">Hacked</h1>',
          shadow: '<img src=x onerror=alert(1)>',
          parade: data.parade.map((p, i) =>
            i === 0
              ? { ...p, harbor: '<b>Peso</b>', lantern: 'javascript:alert(2)', ribbons: ['<i>tag</i>'] }
              : p,
          ),
        },
      };
    });
    await reply(page, '/gopia/goya/define', { code: '00', message: 'success', data: 'javascript:alert(3)' });
    await page.goto(url('/joint-fail'));
    await expect(page.getByText('<h1 id="pwn">Hacked</h1>')).toBeVisible();
    await expect(page.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
    await expect(page.getByText('<i>tag</i>')).toBeVisible();
    await expect(page.locator('#pwn, b, i, img[src="x"], img[src^="javascript"]')).toHaveCount(0);
    await product(page, '<b>Peso</b>').click();
    await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
    expect(await bridgeLog(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/joint-fail');
    expect(dialogs).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
  });
});
