// The screen studio (issues 9 and 17), end to end in Chromium against the real server (the studio
// specs' own, configured as production: the studio on its own port, STUDIO_BASE_URL, the
// borrower-facing app on another, STUDIO_PUBLIC_URL): sign-in, editing with the live preview,
// drafts that borrowers never get until a publisher approves them, and the history; the Host
// allowlist; an admin unlocking an account refused sign-ins hold back. The full review screens are
// tested with them.
import { readFileSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { STAFF } from './prod-env';
import { LOAN_PAGE, discardDraft } from './publishing-helpers';
import { STUDIO_BASE_URL, STUDIO_PUBLIC_URL, cspViolations, expect, test } from './support';

test.use({ viewport: { width: 1280, height: 800 }, baseURL: STUDIO_BASE_URL });

const SOURCE = readFileSync(new URL('../../screens/loan-details.json', import.meta.url), 'utf8');
/** 1-based line of the first line containing `text` in screens/loan-details.json. */
const lineOf = (text: string) => SOURCE.split('\n').findIndex((l) => l.includes(text)) + 1;

/** What borrowers get for loan-details (expanded: it uses parts), as the borrower-facing listener serves it. */
const servedDoc = async (page: Page) =>
  (await page.request.get(`${STUDIO_PUBLIC_URL}/screens/loan-details.json`)).text();

const phone = (page: Page) => page.frameLocator('iframe[title="Preview"]');
const problems = (page: Page) => page.getByRole('list', { name: 'Problems' });
const actionsLog = (page: Page) => page.getByRole('list', { name: 'Actions log' });

async function signIn(page: Page, who: { username: string; password: string } = STAFF.editor): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Account').fill(who.username);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

async function openStudio(page: Page, scenario: string): Promise<void> {
  await page.goto('/studio#loan-details');
  await signIn(page);
  await expect(page.locator('.cm-content')).toContainText('"loan-details"');
  await page.getByLabel('Scenario').selectOption({ label: scenario });
  await expect(phone(page).locator('main.screen[data-screen="loan-details"]')).toBeVisible();
}

/** Replaces text in the editor the way ops would: the editor's search and replace panel. */
async function replaceInEditor(page: Page, find: string, replacement: string, all = true): Promise<void> {
  // From the top of the text, so 'next' finds the first place (where a click in the middle lands
  // depends on the editor's width: its lines wrap).
  await page.locator('.cm-content').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ControlOrMeta+f');
  const search = page.locator('.studio-editor').getByRole('textbox', { name: 'Find' });
  await search.fill(find);
  await page.locator('.studio-editor').getByRole('textbox', { name: 'Replace' }).fill(replacement);
  if (all) await page.locator('.studio-editor').getByRole('button', { name: 'replace all' }).click();
  else {
    await page.locator('.studio-editor').getByRole('button', { name: 'next', exact: true }).click();
    await page.locator('.studio-editor').getByRole('button', { name: 'replace', exact: true }).click();
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
    const published = await servedDoc(page);
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

    await page.getByRole('button', { name: 'Save draft…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save a draft of screens/loan-details.json' });
    await expect(dialog.getByRole('alert')).toContainText('Cannot save: the document has');
    await expect(dialog.getByRole('button', { name: 'Save draft', exact: true })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The server takes it as a draft (work is never lost) but refuses to send it for review.
    const { csrfToken } = (await (await page.request.get('/studio/api/session')).json()) as {
      csrfToken: string;
    };
    const live = (await (await page.request.get('/studio/api/documents/screen/loan-details')).json()) as {
      live: { id: number };
    };
    const broken = SOURCE.replace('"id": "withdraw"', '"id": "withdrawal"');
    const headers = { 'x-csrf-token': csrfToken };
    const saved = await page.request.put('/studio/api/documents/screen/loan-details/draft', {
      headers,
      data: { text: broken, parentRevisionId: live.live.id },
    });
    expect(saved.status()).toBe(200);
    const draft = (await saved.json()) as { draft: { id: number }; errors: number };
    expect(draft.errors).toBe(1);
    const review = await page.request.post(`/studio/api/drafts/${draft.draft.id}/review`, {
      headers,
      data: {},
    });
    expect(review.status()).toBe(422);
    const body = (await review.json()) as { problems: { line: number; message: string }[] };
    expect(body.problems[0]).toMatchObject({
      line,
      message: expect.stringContaining("no modal 'withdrawal'"),
    });
    await discardDraft(page, 'loan-details');
    expect(await servedDoc(page)).toBe(published);
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

  test('save makes a draft borrowers do not get; after review a publisher approves it; history puts the old version back', async ({
    page,
    browser,
  }) => {
    // Two people, four borrower visits and the history: more steps than one test's usual minute.
    test.slow();
    await openStudio(page, '174 Due today with rollover (isDelay 1)');
    const published = await servedDoc(page);
    await expect(page.locator('.studio-draft')).toHaveText('Published version');
    await replaceInEditor(page, 'Rollover Repayment', 'Extend my loan');
    await page.getByRole('button', { name: 'Save draft…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save a draft of screens/loan-details.json' });
    const changes = dialog.getByRole('table', { name: 'Changes' });
    await expect(changes.locator('.studio-diff-del')).toContainText('"label": "Rollover Repayment"');
    await expect(changes.locator('.studio-diff-add')).toContainText('"label": "Extend my loan"');
    await dialog.getByLabel('What changed, for the reviewer').fill('Friendlier rollover label');
    await dialog.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Draft saved /)).toBeVisible();
    await expect(page.locator('.studio-draft')).toHaveText('Draft');

    const borrowerSees = async (label: string) => {
      const context = await browser.newContext();
      const app = await context.newPage();
      await app.goto(`${STUDIO_PUBLIC_URL}${LOAN_PAGE}`);
      await expect(app.getByRole('button', { name: label })).toBeVisible();
      await context.close();
    };
    // A draft is never served to borrowers.
    await borrowerSees('Rollover Repayment');

    await page.getByRole('button', { name: 'Request review' }).click();
    await expect(page.locator('.studio-draft')).toHaveText('Draft in review');

    // A publisher (another person: four eyes) approves it through the API the review screen uses.
    const publisher = await signedIn(STAFF.publisher);
    const drafts = (await (await publisher.get('/studio/api/drafts?status=in_review')).json()) as {
      drafts: { id: number; name: string; headRevisionId: number; authors: string[] }[];
    };
    const mine = drafts.drafts.find((d) => d.name === 'loan-details')!;
    expect(mine.authors).toEqual(['editor']);
    const approved = await publisher.post(`/studio/api/drafts/${mine.id}/approve`, {
      headers: publisher.csrf,
      data: { revisionId: mine.headRevisionId },
    });
    expect(approved.status()).toBe(200);
    await borrowerSees('Extend my loan');

    // History: every revision, the live one marked; an earlier one goes back into the editor.
    await page.reload();
    await expect(page.locator('.studio-draft')).toHaveText('Published version');
    await page.getByLabel('Scenario').selectOption({ label: '174 Due today with rollover (isDelay 1)' });
    await expect(phone(page).getByRole('button', { name: 'Extend my loan' })).toBeVisible();
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of screens/loan-details.json' });
    const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
    await expect(versions.first()).toContainText('by editor (live): Friendlier rollover label');
    // Every revision stays, a discarded draft's too; the release's is the oldest.
    const released = versions.last();
    await expect(released).toContainText(
      'by baseline (published before): screens/loan-details.json of this release',
    );
    await released.getByRole('button', { name: 'Compare' }).click();
    await expect(history.locator('.studio-diff-add')).toContainText('"label": "Rollover Repayment"');
    await released.getByRole('button', { name: 'Restore' }).click();
    await expect(history).toBeHidden();
    await expect(phone(page).getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
    await expect(page.locator('.studio-file')).toContainText('unsaved changes');

    // The publisher's rollback puts the published baseline back at once, as a new publication.
    const baseline = (
      (await (await publisher.get('/studio/api/documents/screen/loan-details/revisions')).json()) as {
        revisions: { id: number; source: string }[];
      }
    ).revisions.find((r) => r.source === 'baseline')!;
    const rolledBack = await publisher.post('/studio/api/documents/screen/loan-details/rollback', {
      headers: publisher.csrf,
      data: { revisionId: baseline.id },
    });
    expect(rolledBack.status()).toBe(200);
    await borrowerSees('Rollover Repayment');
    expect(await servedDoc(page)).toBe(published);
    await publisher.dispose();
  });

  test('sign-in: a wrong password is refused with a message; sign-out returns to the form', async ({
    page,
  }) => {
    await page.goto('/studio');
    await signIn(page, { username: 'editor', password: 'not the password' });
    await expect(page.getByRole('alert')).toHaveText('Wrong account name or password');
    await signIn(page);
    await expect(page.locator('.studio-account')).toHaveText('Eve Editor (editor)');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('the studio in production', () => {
  test('answers only to its own host names, on its own port', async ({ request }) => {
    expect((await request.get(`${STUDIO_BASE_URL}/studio`)).status()).toBe(200);
    // DNS rebinding: any other name is refused (LENDER_STUDIO_HOSTS), pages and API alike.
    for (const path of ['/studio', '/studio/api/session'])
      expect(
        (
          await request.get(`${STUDIO_BASE_URL}${path}`, { headers: { host: 'studio.attacker.example' } })
        ).status(),
      ).toBe(421);
    // The borrower-facing port has no studio at all.
    const app = await request.get(`${STUDIO_PUBLIC_URL}/studio`, { headers: { accept: 'text/html' } });
    expect(app.status()).toBe(404);
  });

  test('an admin sees an account that refused sign-ins hold back, and unlocks it', async ({
    page,
    request,
  }) => {
    await page.goto('/studio#/accounts');
    await signIn(page, STAFF.admin);
    const form = page.getByRole('group', { name: 'New account' });
    await form.getByLabel('Account name').fill('maria');
    await form.getByLabel('Password (12 characters or more)').fill('maria password 1234');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('status')).toHaveText('Account maria created');

    // Five wrong passwords from this address: maria is held back here (not elsewhere).
    const attempt = (password: string) =>
      request.post(`${STUDIO_BASE_URL}/studio/api/session`, { data: { username: 'maria', password } });
    for (let i = 0; i < 5; i++) expect((await attempt('not her password')).status()).toBe(401);
    const held = await attempt('maria password 1234');
    expect(held.status()).toBe(429);
    expect(((await held.json()) as { message: string }).message).toMatch(
      /for this account from your address/,
    );

    await page.reload();
    const row = page.getByRole('table', { name: 'Accounts list' }).getByRole('row', { name: /^maria/ });
    await expect(row).toContainText('5 refused in the last hour');
    await row.getByRole('button', { name: 'Unlock maria' }).click();
    await expect(page.getByRole('status')).toHaveText('maria: unlocked (5 refused sign-ins forgotten)');
    await expect(row).toContainText('OK');
    expect((await attempt('maria password 1234')).status()).toBe(200);
    // The unlock is in the audit log, by the admin.
    const log = await page.request.get('/studio/api/audit?action=account.unlock');
    expect(((await log.json()) as { entries: { actor: string; target: string }[] }).entries[0]).toMatchObject(
      {
        actor: 'admin',
        target: 'account:maria',
      },
    );
  });
});

/** An API client signed in as `who`, with the CSRF header its writes need. */
async function signedIn(who: { username: string; password: string }) {
  const context: APIRequestContext = await playwrightRequest.newContext({ baseURL: STUDIO_BASE_URL });
  const response = await context.post('/studio/api/session', { data: who });
  expect(response.status()).toBe(200);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return Object.assign(context, { csrf: { 'x-csrf-token': csrfToken } });
}
