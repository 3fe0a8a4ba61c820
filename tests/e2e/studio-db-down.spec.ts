// The studio while its database is unavailable (issue 30), in the real browser against the real
// server: another process locks the server's SQLite file, so the studio's save is refused; the
// page says the database is unavailable (not a sign-in form, not a blank screen), and once the
// lock is gone the notice goes away by itself and the same save works.
import SqliteDatabase from 'better-sqlite3';
import { STAFF } from './prod-env';
import { expect, test } from './support';
import { startClockServer, type ClockServer } from './clock';
import { replaceInEditor, studioAs } from './publishing-helpers';

test.describe.configure({ mode: 'serial' });

let server: ClockServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startClockServer(10);
});
test.afterAll(async () => server?.stop());

test('a save refused while the database is locked says so, and the studio recovers by itself', async ({
  browser,
}) => {
  test.slow();
  const page = await studioAs(browser, server.studioBase, STAFF.editor, '#loan-details');
  await expect(page.locator('.cm-content')).toContainText('"loan-details"');
  await replaceInEditor(page, '"Order Details"', '"Order Details (saved after the outage)"');

  const notice = page.getByRole('alert').filter({ hasText: 'nothing can be loaded or saved right now' });
  const lock = new SqliteDatabase(server.sqlitePath);
  lock.exec('begin exclusive');
  try {
    await page.getByRole('button', { name: 'Save draft…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save a draft of screens/loan-details.json' });
    await dialog.getByLabel('What changed, for the reviewer').fill('during the outage');
    await dialog.getByRole('button', { name: 'Save draft', exact: true }).click();
    // The server waits for the lock (busy_timeout) before it gives up with a 503.
    await expect(dialog.getByText(/Not saved: The database is unavailable/)).toBeVisible({ timeout: 20_000 });
    await expect(notice).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    lock.exec('rollback');
    lock.close();
  }
  // The notice asks the server every few seconds: gone without a reload.
  await expect(notice).toBeHidden({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Save draft…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save a draft of screens/loan-details.json' });
  await dialog.getByLabel('What changed, for the reviewer').fill('after the outage');
  await dialog.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.studio-draft')).toContainText('Draft');
  await expect(notice).toBeHidden();
});
