// The demo's studio (`npm start`): on the app's own port, beside the borrower pages, with the demo
// accounts it prints. The studio specs run against a production-configured server (the studio on
// its own port, playwright.config.ts); this keeps the demo's way covered. It only reads: the
// borrower specs share this server.
import { type Page } from '@playwright/test';
import { signIn } from './publishing-helpers';
import { DEMO, cspViolations, expect, test } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

const phone = (page: Page) => page.frameLocator('iframe[title="Preview"]');

test("the demo's studio on the app's port: the demo editor signs in, edits with the preview, sees the experiments", async ({
  page,
}) => {
  await page.goto('/studio#loan-details');
  await signIn(page, DEMO.editor);
  await expect(page.locator('.studio-account')).toHaveText('Demo editor (editor)');
  await expect(page.locator('.cm-content')).toContainText('"loan-details"');
  await page.getByLabel('Scenario').selectOption({ label: '174 Due today with rollover (isDelay 1)' });
  await expect(phone(page).getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
  await page.goto('/studio#/experiments');
  await expect(page.getByRole('heading', { name: 'Rollouts and experiments' })).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);
});
