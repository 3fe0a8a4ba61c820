// The screen studio (issue 9), end to end in Chromium against the real server. The server works on
// its own copy of screens/ (scripts/e2e-server.ts), so the save test never changes the repository.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { cspViolations, expect, test } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

const SOURCE = readFileSync(new URL('../../screens/loan-details.json', import.meta.url), 'utf8');
/** 1-based line of the first line containing `text` in screens/loan-details.json. */
const lineOf = (text: string) => SOURCE.split('\n').findIndex((l) => l.includes(text)) + 1;

const phone = (page: Page) => page.frameLocator('iframe[title="Preview"]');
const problems = (page: Page) => page.getByRole('list', { name: 'Problems' });
const actionsLog = (page: Page) => page.getByRole('list', { name: 'Actions log' });

async function openStudio(page: Page, scenario: string): Promise<void> {
  await page.goto('/studio#loan-details');
  await expect(page.locator('.cm-content')).toContainText('"loan-details"');
  await page.getByLabel('Scenario').selectOption({ label: scenario });
  await expect(phone(page).locator('main.screen[data-screen="loan-details"]')).toBeVisible();
}

/** Replaces text in the editor the way ops would: the editor's search and replace panel. */
async function replaceInEditor(page: Page, find: string, replacement: string, all = true): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+f');
  const search = page.getByRole('textbox', { name: 'Find' });
  await search.fill(find);
  await page.getByRole('textbox', { name: 'Replace' }).fill(replacement);
  if (all) await page.getByRole('button', { name: 'replace all' }).click();
  else {
    await page.getByRole('button', { name: 'next', exact: true }).click();
    await page.getByRole('button', { name: 'replace', exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

test.describe('screen studio', () => {
  test('editing a button label changes the preview as you type', async ({ page }) => {
    await openStudio(page, '174 Due today with rollover (isDelay 1)');
    await expect(phone(page).getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
    await replaceInEditor(page, 'Rollover Repayment', 'Extend my loan');
    await expect(phone(page).getByRole('button', { name: 'Extend my loan' })).toBeVisible();
    await expect(phone(page).getByRole('button', { name: 'Rollover Repayment' })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'errors' })).toHaveText('0 errors, 0 warnings');
    expect(await cspViolations(page)).toEqual([]);
  });

  test('an error is marked at its line with a readable message, the last valid version stays, and saving is refused', async ({
    page,
  }) => {
    await openStudio(page, '21 Approved: withdraw reminder (reyMsg)');
    // A cross-reference error: the onLoad action opens a modal that does not exist.
    const line = lineOf('"id": "withdraw"');
    await replaceInEditor(page, '"id": "withdraw"', '"id": "withdrawal"', false);
    const problem = problems(page).getByRole('listitem');
    await expect(problem).toHaveCount(1);
    await expect(problem).toContainText(`Line ${line}:`);
    await expect(problem).toContainText(
      "action #5 'openModal' in onLoad: there is no modal 'withdrawal' in this screen's modals (did you mean 'withdraw'?)",
    );
    // A click on the problem puts the cursor on its line, where the value is underlined.
    await problem.getByRole('button').click();
    await expect(page.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText(String(line));
    await expect(page.locator('.cm-activeLine .cm-lintRange-error')).toHaveText('"id": "withdrawal"');
    await expect(page.locator('.cm-gutter-lint .cm-activeLineGutter .cm-lint-marker-error')).toHaveCount(1);

    // Half-typed JSON: the phone keeps the last valid version and says so.
    await page.keyboard.press('End');
    await page.keyboard.type(' {');
    await expect(problems(page)).toContainText('JSON syntax');
    await expect(page.locator('.studio-stale')).toHaveText(
      /Showing the last valid version: \d+ errors? in the editor/,
    );
    await expect(phone(page).getByText('Loan approved')).toBeVisible();

    await page.getByRole('button', { name: 'Save…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save screens/loan-details.json' });
    await expect(dialog.getByRole('alert')).toContainText('Cannot save: the document has');
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // The server refuses it too, whoever sends it.
    const token = JSON.parse((await page.locator('#studio-token').textContent()) ?? '""') as string;
    const broken = SOURCE.replace('"id": "withdraw"', '"id": "withdrawal"');
    const reply = await page.request.put('/dev/studio/screens/loan-details', {
      headers: { 'x-studio-token': token },
      data: { text: broken },
    });
    expect(reply.status()).toBe(400);
    const body = (await reply.json()) as { problems: { line: number; message: string }[] };
    expect(body.problems[0]).toMatchObject({
      line,
      message: expect.stringContaining("no modal 'withdrawal'"),
    });
    const served = await page.request.get('/screens/loan-details.json');
    expect(await served.text()).toBe(SOURCE);
  });

  test('switching scenario switches the order status branch', async ({ page }) => {
    await openStudio(page, '200 Repaid: borrow again and rating');
    await expect(phone(page).getByRole('button', { name: 'Borrow Again' })).toBeVisible();
    await expect(phone(page).getByRole('button', { name: 'Repayment', exact: true })).toHaveCount(0);
    await page.getByLabel('Scenario').selectOption({ label: '174 Due today with rollover (isDelay 1)' });
    await expect(phone(page).getByRole('button', { name: 'REPAY', exact: true })).toBeVisible();
    await expect(phone(page).getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
    await expect(phone(page).getByRole('button', { name: 'Borrow Again' })).toHaveCount(0);
    await page.getByLabel('Scenario').selectOption({ label: '180 Overdue: pay on the web (h5Url)' });
    await expect(phone(page).getByRole('button', { name: 'Repayment', exact: true })).toBeVisible();
    await expect(phone(page).getByRole('button', { name: 'REPAY', exact: true })).toHaveCount(0);
  });

  test('a tap in the preview logs what the actions asked for, and nothing is sent', async ({ page }) => {
    await openStudio(page, '174 Due today with rollover (isDelay 1)');
    await expect(actionsLog(page)).toContainText('v3 POST /v3/loan-details/loan-details');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await phone(page).getByRole('button', { name: 'REPAY', exact: true }).click();
    await expect(actionsLog(page)).toContainText('session set showBankTip = 1');
    await expect(actionsLog(page)).toContainText('/repay?orderId=ORD-174-D&productId=P-1');
    await expect(actionsLog(page).locator('[data-kind="navigate"]')).toHaveCount(1);
    expect(requests.filter((p) => p.startsWith('/v3/') || p === '/repay')).toEqual([]);
    // The phone changed size on request.
    await page.getByLabel('Phone').selectOption('414 × 896');
    await expect(page.locator('iframe[title="Preview"]')).toHaveAttribute('width', '414');
  });

  test('save shows the diff, borrowers get the change on their next load, and history restores the old version', async ({
    page,
    browser,
  }) => {
    await openStudio(page, '174 Due today with rollover (isDelay 1)');
    await replaceInEditor(page, 'Rollover Repayment', 'Extend my loan');
    await page.getByRole('button', { name: 'Save…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save screens/loan-details.json' });
    const changes = dialog.getByRole('table', { name: 'Changes' });
    await expect(changes.locator('.studio-diff-del')).toContainText('"label": "Rollover Repayment"');
    await expect(changes.locator('.studio-diff-add')).toContainText('"label": "Extend my loan"');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Saved /)).toBeVisible();

    const borrowerSees = async (label: string) => {
      const context = await browser.newContext();
      const app = await context.newPage();
      await app.goto('/loan/details?orderId=ORD-174-D&productId=P-1');
      await expect(app.getByRole('button', { name: label })).toBeVisible();
      await context.close();
    };
    await borrowerSees('Extend my loan');

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of screens/loan-details.json' });
    const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
    await expect(versions).toHaveCount(1);
    await versions.first().getByRole('button', { name: 'Compare' }).click();
    await expect(history.locator('.studio-diff-add')).toContainText('"label": "Rollover Repayment"');
    await versions.first().getByRole('button', { name: 'Restore' }).click();
    await expect(history).toBeHidden();
    await expect(page.getByText(/^Restored /)).toBeVisible();
    await expect(phone(page).getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
    await borrowerSees('Rollover Repayment');
    expect(await (await page.request.get('/screens/loan-details.json')).text()).toBe(SOURCE);
  });
});
