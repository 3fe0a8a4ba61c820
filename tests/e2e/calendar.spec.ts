// One calendar (issue 27 item 4): a loan due at 23:30 and one due at 00:30 Manila time, on a phone
// whose clock is set to UTC−8 and to UTC+14. Every place that shows the due date shows the Manila
// day: the loan details' "Due date", the instalment page's repayment date, the extension page's
// next payment date and plan, and, for the instant itself, the complaint list's times. The server
// starts (and seeds the demo data) at the due instant (tests/e2e/clock-server.ts), so the demo loan
// "due today" falls due then; the reference server sends date-only days, so each repayment page is
// also given the due date as an instant, as a lender's server may send it (rulings 7: Unix seconds
// or ISO text; the replies are the real ones with that field edited). Before, the server wrote UTC
// days and the app showed instants in the phone's zone: the same loan was due on two days.
import type { Page } from '@playwright/test';
import { startClockServer, type ClockServer } from './clock';
import { borrowerSession } from './prod-env';
import { test, expect } from './support';

const DUES = [
  { manila: '23:30', at: '2026-12-15T15:30:00.000Z', day: '2026-12-15', slot: 8 },
  { manila: '00:30', at: '2026-12-15T16:30:00.000Z', day: '2026-12-16', slot: 9 },
];
/** Etc/GMT+8 is UTC−8 all year (POSIX signs); Kiritimati is UTC+14. getTimezoneOffset is minutes behind UTC. */
const ZONES = [
  { id: 'Etc/GMT+8', name: 'UTC−8', offset: 480 },
  { id: 'Pacific/Kiritimati', name: 'UTC+14', offset: -840 },
];
/**
 * The borrower the seeded orders and complaints belong to on a production server (prod-setup.ts),
 * with a session signed as the lender's login signs it (its complaints are private to it).
 */
const session = () => ({ sessionId: borrowerSession(), deviceId: 'dev-calendar', appVersion: '1.0.0' });

const address = (base: string, path: string, query: Record<string, string>) =>
  `${base}${path}?${new URLSearchParams({ ...query, ...session() }).toString()}`;

/** `day` moved by `days` (calendar arithmetic on the date alone). */
function dayPlus(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Answers `path` with the real reply, edited. */
async function edit(page: Page, path: string, change: (data: Record<string, unknown>) => void) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      change(body.data);
      await route.fulfill({ response, json: body });
    },
  );
}

for (const due of DUES) {
  test.describe(`a loan due at ${due.manila} Manila time`, () => {
    let server: ClockServer;
    test.beforeAll(async () => {
      server = await startClockServer(due.slot, { E2E_CLOCK_AT: due.at });
    });
    test.afterAll(async () => server?.stop());

    for (const zone of ZONES) {
      test.describe(`on a phone in ${zone.name}`, () => {
        test.use({ timezoneId: zone.id });

        test(`every place shows the due date as ${due.day}`, async ({ page, watch }) => {
          const { base } = server;
          const seconds = Date.parse(due.at) / 1000;

          await page.goto(address(base, '/loan/details', { orderId: 'ORD-174', productId: 'P-2' }));
          expect(await page.evaluate(() => new Date(Date.UTC(2026, 11, 15, 12)).getTimezoneOffset())).toBe(
            zone.offset,
          );
          await expect(page.locator('.blk-keyValue-row').filter({ hasText: 'Due date' })).toContainText(
            due.day,
          );

          const installment = address(base, '/repay', { orderId: 'ORD-174', productId: 'P-2' });
          await page.goto(installment);
          await expect(page.getByText(`Repayment date ${due.day}`)).toBeVisible();
          await edit(page, '/v3/installment/loan-play-detail', (plan) => {
            plan.repayDate = seconds;
          });
          await page.goto(installment);
          await expect(page.getByText(`Repayment date ${due.day}`)).toBeVisible();

          const delay = address(base, '/repay/delay', { orderId: 'ORD-174-D', productId: 'P-1' });
          const plan = page
            .locator('.blk-section')
            .filter({ has: page.getByRole('heading', { name: 'Plan' }) });
          const payNow = plan.locator('.blk-row.justify-between').filter({ hasText: 'Pay now' });
          await page.goto(delay);
          await expect(page.getByText(`Your next payment date is ${dayPlus(due.day, 7)}`)).toBeVisible();
          await expect(payNow).toContainText(due.day);
          await edit(page, '/ndustan/imitating', (data) => {
            (data.delayInfo as Record<string, unknown>).nextRepayDate = due.at;
            (data.repayPlan as Record<string, unknown>[])[0]!.time = seconds;
          });
          await page.goto(delay);
          await expect(page.getByText(`Your next payment date is ${due.day}`)).toBeVisible();
          await expect(payNow).toContainText(due.day);

          // The demo complaints were filed 2, 6 and 20 days before the server started: at the due
          // time of day, in Manila, on those days (the list shows Unix seconds as date and time).
          await page.goto(address(base, '/complaintList', {}));
          for (const age of [2, 6, 20])
            await expect(
              page.getByText(new RegExp(`^${dayPlus(due.day, -age)} ${due.manila}:\\d\\d$`)),
            ).toBeVisible();

          expect(watch.pageErrors).toEqual([]);
        });
      });
    }
  });
}
