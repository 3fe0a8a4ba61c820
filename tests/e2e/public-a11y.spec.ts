// Public pages are accessible (issue 8): axe-core in Chromium finds no serious or critical
// violation on the official site, the promotion pages and the legal pages.
import { test, expect, seriousViolations } from './support';

const PAGES: [string, string, string][] = [
  ['official site, Home', '/', '[data-screen="official-site"]'],
  ['About us', '/about', '[data-screen="about"]'],
  ['Privacy Policy', '/privacy', '[data-screen="privacy"]'],
  ['Loan terms and conditions', '/agreement', '[data-screen="loan-terms"]'],
  ['landing template 1', '/promo/#/landing?id=1', 'img[src*="get-captcha"]'],
  ['landing template 2', '/promo/#/landing?id=2', 'img[src*="get-captcha"]'],
  ['download template', '/promo/#/download?down_id=1', '[data-screen="promo-download"]'],
  ['agreement template', '/promo/#/agreement?id=1', '[data-screen="promo-agreement"]'],
];

test.describe('public pages: axe-core finds no serious or critical violation', () => {
  for (const [name, path, ready] of PAGES) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('official site, Contact us with a message shown', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Contact us' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('[data-toast]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('official site, Loan terms tab with its page in place', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Loan terms and conditions' }).click();
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Loan terms and conditions' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
