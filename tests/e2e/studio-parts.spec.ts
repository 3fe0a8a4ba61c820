// Parts in the screen studio (issue 18), end to end in Chromium against the real server (the
// studio specs' own, configured as production; the studio's own port, STUDIO_BASE_URL): a part
// shows the screens that use it; editing it previews them with the part as typed; saving it says
// which screens it changes; its review shows them before and after. Nothing here is saved: the borrower specs beside it see the published screens.
import { type Page } from '@playwright/test';
import { STAFF } from './prod-env';
import { STUDIO_BASE_URL, cspViolations, expect, test } from './support';
import { replaceInEditor } from './publishing-helpers';

test.use({ viewport: { width: 1280, height: 800 }, baseURL: STUDIO_BASE_URL });

const phone = (page: Page) => page.frameLocator('iframe[title="Preview"]');
const errorCount = (page: Page) => page.locator('.studio-status');

async function openPart(page: Page, name: string): Promise<void> {
  await page.goto(`/studio#parts/${name}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Account').fill(STAFF.editor.username);
  await form.getByLabel('Password').fill(STAFF.editor.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.cm-content')).toContainText(`"part": "${name}"`);
}

test('a part shows where it is used; editing it previews the screens that use it; saving lists them', async ({
  page,
}) => {
  await openPart(page, 'product-card');
  await expect(page.locator('.studio-file')).toHaveText('screens/parts/product-card.json');
  await expect(page.locator('.studio-used-by')).toHaveText('Used by: joint-fail, loan-details, recommend');
  const parts = page.getByRole('navigation', { name: 'Screens' }).getByRole('list', { name: 'Parts' });
  await expect(parts.getByRole('button', { name: /^product-card/ })).toContainText(
    'used by joint-fail, loan-details, recommend',
  );
  await expect(parts.getByRole('button', { name: /^product-tags/ })).toContainText(
    'used by joint-fail, recommend',
  );

  // The phone shows a screen that uses the part and has scenarios: loan details, with its products.
  await expect(page.getByLabel('Screen using this part')).toHaveValue('loan-details');
  await expect(phone(page).locator('main.screen[data-screen="loan-details"]')).toBeVisible();
  await expect(phone(page).getByText('CashBuddy')).toBeVisible();
  await expect(phone(page).getByText('Partner offer')).toHaveCount(0);

  // A new line on every product card, as typed.
  await replaceInEditor(
    page,
    '{ "$param": "more" }',
    '{ "type": "text", "text": "Partner offer" }, { "$param": "more" }',
  );
  await expect(phone(page).getByText('Partner offer').first()).toBeVisible();
  await expect(errorCount(page)).toHaveText('0 errors, 0 warnings');

  // Any other screen that uses it can be shown instead.
  await page.getByLabel('Screen using this part').selectOption('recommend');
  await expect(phone(page).locator('main.screen[data-screen="recommend"]')).toBeVisible();

  // A parameter renamed: the screens that give the old name are said in the part, at its parameters.
  await replaceInEditor(page, '"amountNote": {', '"amountHint": {');
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText(
    "screen 'joint-fail' gives 'amountNote', which is not a parameter here",
  );
  await replaceInEditor(page, '"amountHint": {', '"amountNote": {');
  await expect(errorCount(page)).toHaveText('0 errors, 0 warnings');

  await page.getByRole('button', { name: 'Save draft…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save a draft of screens/parts/product-card.json' });
  await expect(dialog.getByRole('note')).toContainText(
    'Once published, this changes 3 screens that use this part',
  );
  await expect(dialog.getByRole('list', { name: 'Affected screens' }).getByRole('listitem')).toHaveText([
    'joint-fail',
    'loan-details',
    'recommend',
  ]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await cspViolations(page)).toEqual([]);
});

test('a screen that is the base of a variant names its variant', async ({ page }) => {
  await page.goto('/studio#repay-installment');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Account').fill(STAFF.editor.username);
  await form.getByLabel('Password').fill(STAFF.editor.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.cm-content')).toContainText('"repay-installment"');
  await expect(page.locator('.studio-used-by')).toHaveText('Variants: repay-delay');
  await expect(errorCount(page)).toHaveText('0 errors, 0 warnings');
});
