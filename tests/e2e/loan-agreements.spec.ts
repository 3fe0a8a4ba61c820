// The agreement a borrower taps is the one that opens (issue 16 item 3; S2.18-05, S2.18-06, S2.19-02,
// §7.4, §7.5): the list items are title + identifier, and the jump sends the tapped item's list index
// as `position`, which the reference server resolves in the same order.
import { test, expect } from './support';
import { queryOf, url } from './loan-helpers';

const dialog = (page: import('@playwright/test').Page) => page.getByRole('dialog');

test.describe('agreement jump position = the tapped item index', () => {
  test('S2.18-06 v3: each agreement sends its index and opens its own page', async ({ page }) => {
    await page.goto(url('/loan/confirm', { productId: 'P-2', orderId: 'ORD-110' }));
    const titles = ['Loan Agreement', 'Privacy Policy', 'Authorization for Automatic Debit'];
    const opened = [/\/agreement\?id=AG-LOAN&/, /\/privacy\?/, /\/agreement\?id=AG-DEBIT&/];
    for (const [index, title] of titles.entries()) {
      const jump = page.waitForRequest((r) => r.url().includes('/v3/contract/contract-jump'));
      await page.getByRole('button', { name: title }).click();
      expect((await jump).postDataJSON()).toMatchObject({ productId: 'P-2', scene: 3, position: index });
      await expect(page).toHaveURL(opened[index]!);
      await page.goBack();
      await expect(page.getByRole('button', { name: title })).toBeVisible();
    }
  });

  test('S2.19-02 variant: the GET misunderstood sends the index of the tapped item', async ({ page }) => {
    await page.goto(url('/loan/confirm-v', { productId: 'P-2' }));
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    const jump = page.waitForRequest((r) => r.url().includes('/gopia/goya/misunderstood'));
    await page.getByRole('button', { name: 'Authorization for Automatic Debit' }).click();
    expect(queryOf((await jump).url())).toMatchObject({ productId: 'P-2', scene: '3', position: '2' });
    await expect(page).toHaveURL(/\/agreement\?id=AG-DEBIT/);
  });
});
