// The promotion landing draws its captcha once per load (issue 16 item 8; S2.1-04, S2.1-05, D-20):
// every request to get-captcha is a server-side draw, so an early request with an empty timestamp
// (aborted by the real one) cost an extra draw on every visit.
import type { Request } from '@playwright/test';
import { test, expect } from './support';

for (const id of ['1', '2']) {
  test(`S2.1-05 template ${id}: one captcha request per load, with its timestamp`, async ({ page }) => {
    const draws: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v2/youmi/promotion/get-captcha') draws.push(r);
    });
    await page.goto(`/promo/#/landing?id=${id}&app_from=e2e&user_from=fb&utm_tag=t`);
    const image = page.locator('img[src*="promotion/get-captcha"]');
    await expect(image).toHaveJSProperty('complete', true);
    // Long enough for a late second draw to show up.
    await page.waitForTimeout(1500);
    expect(draws).toHaveLength(1);
    const query = new URL(draws[0]!.url()).searchParams;
    expect(query.get('sid')).toMatch(/\S/);
    expect(query.get('a')).toMatch(/^\d{10,}$/);
  });
}
