import { chromium } from '@playwright/test';
const port = 8821;
const targets = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (const t of targets) {
  const [name, path, w] = t.split('|');
  const page = await browser.newPage({ viewport: { width: Number(w ?? 375), height: 667 } });
  await page.goto(`http://127.0.0.1:${port}${path}`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/borrower/${name}.png` });
  await page.close();
}
await browser.close();
