// /product and /recommend (issue 16 item 9; P-31, rulings 14, §2.20 S2.20-14, §2.21 S2.21-04,
// §7.5): screen documents served from the reference server's catalogue, reached the way the
// server's own targets lead to them.
import { test, expect, bridgeLog } from './support';
import { SESSION, details, queryOf, url } from './loan-helpers';

const products = (page: import('@playwright/test').Page) => page.locator('section[role="button"]');

test.describe('the product page', () => {
  test('shows logo, name, amount range, rate, description and tags; Apply opens the offer (http target)', async ({
    page,
    watch,
  }) => {
    await page.goto(url('/product', { productId: 'P-1' }));
    await expect(page.getByRole('img', { name: 'PesoQuick logo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'PesoQuick' })).toBeVisible();
    await expect(page.getByText('₱1000.00-₱20000.00').first()).toBeVisible();
    await expect(page.getByText('Daily interest rate 0.05%')).toBeVisible();
    await expect(page.getByText('Cash in 5 minutes').first()).toBeVisible();
    for (const tag of ['Fast', 'Low rate']) await expect(page.getByText(tag, { exact: true })).toBeVisible();

    const apply = page.waitForRequest((r) => r.url().includes('/v3/product/apply'));
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    expect((await apply).postDataJSON()).toEqual({ productId: 'P-1' });
    // §7.5: an http(s) target opens; it is this origin, so the session goes with it (P-05).
    await expect(page).toHaveURL(/\/loan\/confirm\?/);
    expect(queryOf(page.url())).toMatchObject({ productId: 'P-1', ...SESSION });
    await expect(page.locator('main[data-screen="loan-confirm"]')).toBeVisible();
    expect(watch.pageErrors).toEqual([]);
  });

  test('§7.5 a product the app applies for natively: the target goes to the bridge', async ({ page }) => {
    await page.goto(url('/product', { productId: 'P-2' }));
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect
      .poll(() => bridgeLog(page))
      .toEqual([{ name: 'openPage', payload: { url: 'pesoquick://product/apply?productId=P-2' } }]);
    expect(new URL(page.url()).pathname).toBe('/product');
  });

  test('a disabled product cannot be applied for, and says so', async ({ page }) => {
    await page.goto(url('/product', { productId: 'P-3' }));
    await expect(page.getByRole('heading', { name: 'LoanLite' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    await expect(page.getByText('This product cannot be applied for right now.')).toBeVisible();
  });

  test('an unknown product: a clear message and a way to the other products', async ({ page }) => {
    await page.goto(url('/product', { productId: 'NOPE' }));
    await expect(page.getByRole('heading', { name: 'This product is not available' })).toBeVisible();
    await page.getByRole('button', { name: 'See other products' }).click();
    await expect(page).toHaveURL(/\/recommend\?/);
    await expect(products(page)).toHaveCount(5);
  });
});

test.describe('the recommended products list', () => {
  test('S2.21-04: every product with logo, name, button text, range, rate, description; tags on the first two only', async ({
    page,
  }) => {
    await page.goto(url('/recommend'));
    await expect(products(page)).toHaveCount(5);
    const first = products(page).nth(0);
    await expect(first.getByRole('img', { name: 'PesoQuick logo' })).toBeVisible();
    for (const text of [
      'PesoQuick',
      'Cash in 5 minutes',
      'Apply',
      '₱1000.00-₱20000.00',
      'Daily interest rate 0.05%',
    ])
      await expect(first.getByText(text, { exact: true })).toBeVisible();
    await expect(first.getByText('Fast', { exact: true })).toBeVisible();
    await expect(products(page).nth(1).getByText('Repeat bonus', { exact: true })).toBeVisible();
    // The third item has a tag (Small loans) but shows none; neither does the fourth.
    await expect(products(page).nth(2).getByText('Small loans', { exact: true })).toHaveCount(0);
    await expect(products(page).nth(3).getByText('Big amount', { exact: true })).toHaveCount(0);
    await expect(products(page).nth(2)).toHaveAttribute('aria-disabled', 'true');
  });

  test('S2.20-14 §7.5 a tap logs the position, asks define, and opens the product page (http target)', async ({
    page,
  }) => {
    await page.goto(url('/recommend'));
    const event = page.waitForRequest((r) => r.url().includes('/service/event/save'));
    const define = page.waitForRequest((r) => r.url().includes('/gopia/goya/define'));
    await products(page).nth(3).click();
    expect((await event).postDataJSON()).toEqual({ productId: 'P-4', moduleId: 31, positionId: 3 });
    expect((await define).postDataJSON()).toEqual({ productId: 'P-4', moduleId: 31, position: 3 });
    await expect(page).toHaveURL(/\/product\?/);
    await expect(page.getByRole('heading', { name: 'FastPeso' })).toBeVisible();
  });

  test('a native target goes to the bridge; a disabled product does nothing', async ({ page }) => {
    await page.goto(url('/recommend'));
    await products(page).nth(2).click({ force: true });
    await products(page).nth(1).click();
    await expect
      .poll(() => bridgeLog(page))
      .toEqual([{ name: 'openPage', payload: { url: 'pesoquick://product/detail?productId=P-2' } }]);
  });
});

test('from loan details, a recommended product opens a page that exists (not "Page not found")', async ({
  page,
}) => {
  await page.goto(details('ORD-110', 'P-2'));
  await page.locator('section[role="button"]').filter({ hasText: 'PesoQuick' }).click();
  await expect(page).toHaveURL(/\/product\?/);
  await expect(page.getByRole('heading', { name: 'PesoQuick' })).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
});
