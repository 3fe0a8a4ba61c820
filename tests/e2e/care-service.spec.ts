// Customer service (route /service, spec §2.7; checklist S2.7) against the reference server.
import { test, expect, bridgeLog, cspViolations } from './support';
import { formBody, url } from './care-helpers';

// These tests read the phone's own calls: their pages are drawn by the phone (support.ts `draw`).
test.use({ draw: 'phone' });

test.describe('customer service', () => {
  test('S2.7-01..04 contact info with overall=30; the phone calls the native bridge, the e-mail opens mail', async ({
    page,
    watch,
  }) => {
    const info = page.waitForRequest((r) => r.url().includes('/nepenthes/contact-kf-info'));
    await page.goto(url('/service', { sessionId: 'E2E-CARE-service' }));
    expect(formBody(await info)).toEqual({ overall: '30' });
    await expect(page).toHaveTitle('Online service');

    const email = page.getByRole('link', { name: 'support@pesoquick.example' });
    await expect(email).toHaveAttribute('href', 'mailto:support@pesoquick.example');

    await page.getByRole('button', { name: /Telephone/ }).click();
    await expect
      .poll(() => bridgeLog(page))
      .toEqual([{ name: 'callPhone', payload: { phone: '+63 917 555 0123' } }]);
    await expect(page).toHaveURL(/\/service\?/);
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
});
