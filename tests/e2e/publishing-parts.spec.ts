// Publishing a part (issue 18), end to end in Chromium against the real server (its own,
// tests/e2e/clock.ts): an editor changes the product card part; it is reviewed like a screen, with
// the screens it changes listed and shown before and after; borrowers get the change on every
// screen that uses it only once a publisher (another person) approves it.
import { STAFF, withSession } from './prod-env';
import { expect, test } from './support';
import { startClockServer, type ClockServer } from './clock';
import { borrower, openReview, replaceInEditor, saveAndRequestReview, studioAs } from './publishing-helpers';

test.describe.configure({ mode: 'serial' });

/** The borrower's page as the native app opens it: a signed session (production), its device. */
const open = (path: string) => withSession(`${path}?deviceId=dev-parts&appVersion=1.0.0`);

let server: ClockServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startClockServer(5);
});
test.afterAll(async () => server?.stop());

test('a changed part is reviewed like a screen and reaches every screen that uses it once approved', async ({
  browser,
}) => {
  test.slow();
  const phone = await borrower(browser, server.base);
  await phone.goto(open('/recommend'));
  await expect(phone.getByText('CashBuddy')).toBeVisible();
  await expect(phone.getByText('Partner offer')).toHaveCount(0);

  const editor = await studioAs(browser, server.studioBase, STAFF.editor, '#parts/product-card');
  await expect(editor.locator('.cm-content')).toContainText('"part": "product-card"');
  await replaceInEditor(
    editor,
    '{ "$param": "more" }',
    '{ "type": "text", "text": "Partner offer" }, { "$param": "more" }',
  );
  await saveAndRequestReview(editor, 'parts/product-card', 'Say it is a partner’s offer');
  // A draft never reaches a borrower.
  await phone.reload();
  await expect(phone.getByText('CashBuddy')).toBeVisible();
  await expect(phone.getByText('Partner offer')).toHaveCount(0);

  const publisher = await studioAs(browser, server.studioBase, STAFF.publisher, '#/drafts');
  await openReview(publisher, /^part product-card/);
  await expect(publisher.getByRole('heading', { level: 2 })).toContainText('Review part product-card');
  await expect(publisher.getByRole('list', { name: 'Affected screens' }).getByRole('listitem')).toHaveText([
    'joint-fail',
    'loan-details',
    'recommend',
  ]);
  await expect(publisher.getByLabel('Screen using this part')).toHaveValue('loan-details');
  const before = publisher.frameLocator('iframe[title="Live now preview"]');
  const after = publisher.frameLocator('iframe[title="After approval preview"]');
  await expect(after.getByText('Partner offer').first()).toBeVisible();
  await expect(before.getByText('CashBuddy')).toBeVisible();
  await expect(before.getByText('Partner offer')).toHaveCount(0);
  await publisher.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(publisher.getByRole('status').filter({ hasText: 'Approved and published' })).toBeVisible();

  await phone.reload();
  await expect(phone.getByText('Partner offer').first()).toBeVisible();
  await phone.goto(open('/joint-fail'));
  await expect(phone.getByText('Partner offer').first()).toBeVisible();
});
