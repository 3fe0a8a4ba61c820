import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const base = 'http://127.0.0.1:8821';
{
  const page = await browser.newPage({ viewport: { width: 320, height: 667 } });
  await page.route((u) => u.pathname === '/v3/loan-details/loan-details', async (route) => {
    const r = await route.fetch(); const b = await r.json(); b.data.h5Url = 'javascript:1'; await route.fulfill({ response: r, json: b });
  });
  await page.goto(`${base}/loan/details?orderId=ORD-174-D&productId=P-1&sessionId=S`);
  await page.getByRole('button', { name: 'REPAY', exact: true }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/borrower/toast-details.png' });
}
{
  const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
  await page.route((u) => u.pathname === '/v3/loan-details/generate-vcode', (route) => route.fulfill({ json: { success: false, message: 'This payment channel is busy. Please choose another one.', data: null } }));
  await page.goto(`${base}/repay?orderId=ORD-174&productId=P-2&sessionId=S`);
  await page.getByRole('button', { name: 'Payment Method' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Payment', exact: true }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/borrower/toast-repay.png' });
}
await browser.close();
