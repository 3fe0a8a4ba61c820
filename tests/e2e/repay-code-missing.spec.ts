// /repaymentOfCode without a code (issue 16 item 10; S2.14-01..03): a clear state and a way out,
// never an empty code box or the QR tips with nothing to scan.
import { test, expect } from './support';

const SESSION = 'sessionId=E2E-CODE&deviceId=dev-code';

for (const showType of ['1', '2']) {
  test(`S2.14 showType ${showType} without a code: says so, no tips, Back leads to the order`, async ({
    page,
    watch,
  }) => {
    await page.goto(`/repaymentOfCode?showType=${showType}&repayAmount=313500&orderId=ORD-174&${SESSION}`);
    await expect(page.getByRole('heading', { name: 'No repayment code to show' })).toBeVisible();
    await expect(page.getByText('How to pay with the QR code')).toHaveCount(0);
    await expect(page.getByText('Repayment code', { exact: true })).toHaveCount(0);
    await expect(page.getByText('₱3135.00')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    // Opened directly: nothing to go back to, so the order's page opens, with the session.
    await expect(page).toHaveURL(/\/loan\/details\?/);
    const query = new URL(page.url()).searchParams;
    expect([query.get('orderId'), query.get('sessionId')]).toEqual(['ORD-174', 'E2E-CODE']);
    expect(watch.pageErrors).toEqual([]);
  });
}

test('S2.14-02 with a code the page is unchanged: no missing-code message', async ({ page }) => {
  await page.goto(`/repaymentOfCode?showType=1&payCode=7700174000001&repayAmount=313500&${SESSION}`);
  await expect(page.getByText('7700174000001')).toBeVisible();
  await expect(page.getByText('₱3135.00')).toBeVisible();
  await expect(page.getByText('No repayment code to show')).toHaveCount(0);
});
