// Publishing from the studio (issue 17's acceptance), end to end in Chromium against the real
// server (its own, tests/e2e/clock.ts, configured as production: the studio on its own port):
// an editor's change goes through review by another person before borrowers get it; rollback; a
// template id mapped in the studio; preview links (each opens on its first three devices).
import { STAFF, withSession } from './prod-env';
import { collectConsole, expect, hydrated, HYDRATION, test } from './support';
import { demoTemplates } from '../../src/server/demo/promo';
import { startClockServer, type ClockServer } from './clock';
import { LANDING_QUERY } from './public-helpers';
import {
  LOAN_PAGE,
  ROLLOVER_SCENARIO,
  borrower,
  copyLandingTemplate,
  openReview,
  previewLinkOf,
  replaceInEditor,
  saveAndRequestReview,
  studioAs,
} from './publishing-helpers';

test.describe.configure({ mode: 'serial' });

let server: ClockServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startClockServer(2);
});
test.afterAll(async () => server?.stop());

test('an editor edits loan-details and asks for review; the editor cannot publish it; a publisher approves and the borrower gets it on the next load', async ({
  browser,
}) => {
  test.slow();
  const phone = await borrower(browser, server.base);
  await phone.goto(LOAN_PAGE);
  await expect(phone.getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();

  const editor = await studioAs(browser, server.studioBase, STAFF.editor, '#loan-details');
  await expect(editor.locator('.cm-content')).toContainText('"loan-details"');
  await replaceInEditor(editor, 'Rollover Repayment', 'Extend my loan');
  await saveAndRequestReview(editor, 'loan-details', 'Friendlier rollover label');

  // The editor's review screen: status, no way to approve, and why.
  await editor.getByRole('link', { name: 'Draft page' }).click();
  await expect(editor.locator('.studio-review-head .studio-badge')).toHaveText('In review');
  const approve = editor.getByRole('group', { name: 'Approve' });
  await expect(approve.getByRole('note')).toHaveText(/Only a publisher can approve a draft/);
  await expect(approve.getByRole('button', { name: 'Approve and publish' })).toBeDisabled();
  // Nor through the API the page uses.
  const { csrfToken } = (await (await editor.request.get('/studio/api/session')).json()) as {
    csrfToken: string;
  };
  const draftId = Number(/#\/review\/(\d+)/.exec(editor.url())![1]);
  const head = (await (await editor.request.get(`/studio/api/drafts/${draftId}`)).json()) as {
    draft: { headRevisionId: number };
  };
  const refused = await editor.request.post(`/studio/api/drafts/${draftId}/approve`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { revisionId: head.draft.headRevisionId },
  });
  expect(refused.status()).toBe(403);
  await phone.reload();
  await expect(phone.getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();

  // The publisher reviews: the diff, both phones on one scenario, the checker, then approves.
  const publisher = await studioAs(browser, server.studioBase, STAFF.publisher, '#/drafts');
  await openReview(publisher, /^loan-details/);
  const diff = publisher.getByRole('table', { name: 'JSON diff' });
  await expect(diff.locator('.studio-diff-del')).toContainText('"label": "Rollover Repayment"');
  await expect(diff.locator('.studio-diff-add')).toContainText('"label": "Extend my loan"');
  await expect(publisher.getByText('The checker finds no problems.')).toBeVisible();
  await expect(publisher.getByRole('list', { name: 'What happened' })).toContainText(
    'editor saved a revision: “Friendlier rollover label”',
  );
  await publisher.getByLabel('Scenario').selectOption({ label: ROLLOVER_SCENARIO });
  const before = publisher.frameLocator('iframe[title="Live now preview"]');
  const after = publisher.frameLocator('iframe[title="After approval preview"]');
  await expect(before.getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
  await expect(after.getByRole('button', { name: 'Extend my loan' })).toBeVisible();
  await publisher.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(publisher.getByRole('status').filter({ hasText: 'Approved and published' })).toBeVisible();
  await expect(publisher.locator('.studio-review-head .studio-badge')).toHaveText('Published');

  await phone.reload();
  await expect(phone.getByRole('button', { name: 'Extend my loan' })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Rollover Repayment' })).toHaveCount(0);

  // The editor sees where the draft stands.
  await editor.goto('/studio#/drafts');
  await editor.getByLabel('Show').selectOption('all');
  await expect(editor.getByRole('row', { name: /loan-details/ }).first()).toContainText('Published');
});

test('a publisher cannot approve a draft they saved themselves, and the review screen says why', async ({
  browser,
}) => {
  // The publisher saves a draft of their own (through the API the editor uses) and asks for review.
  const publisher = await studioAs(browser, server.studioBase, STAFF.publisher, '#/drafts');
  const api = publisher.request;
  const { csrfToken } = (await (await api.get('/studio/api/session')).json()) as { csrfToken: string };
  const doc = (await (await api.get('/studio/api/documents/screen/about')).json()) as {
    live: { id: number; text: string };
  };
  const changed = doc.live.text.replace(/"title": "([^"]*)"/, '"title": "$1 (new)"');
  expect(changed).not.toBe(doc.live.text);
  const saved = (await (
    await api.put('/studio/api/documents/screen/about/draft', {
      headers: { 'x-csrf-token': csrfToken },
      data: { text: changed, parentRevisionId: doc.live.id },
    })
  ).json()) as { draft: { id: number } };
  await api.post(`/studio/api/drafts/${saved.draft.id}/review`, {
    headers: { 'x-csrf-token': csrfToken },
    data: {},
  });
  await publisher.goto(`/studio#/review/${saved.draft.id}`);
  const approve = publisher.getByRole('group', { name: 'Approve' });
  await expect(approve.getByRole('note')).toHaveText(
    /You cannot approve this draft: you saved a revision of it.*four eyes/,
  );
  await expect(approve.getByRole('button', { name: 'Approve and publish' })).toBeDisabled();
  // Sending it back stays possible, with a comment the author reads.
  await publisher.getByLabel('What to change').fill('Ask another publisher');
  await publisher.getByRole('button', { name: 'Send back' }).click();
  await expect(publisher.locator('.studio-review-head .studio-badge')).toHaveText('Sent back');
  await expect(publisher.getByRole('note').filter({ hasText: 'Reviewer’s comment' })).toContainText(
    'Ask another publisher',
  );
});

test('a rollback from the publications restores the old text for borrowers, as a new publication', async ({
  browser,
}) => {
  const phone = await borrower(browser, server.base);
  await phone.goto(LOAN_PAGE);
  await expect(phone.getByRole('button', { name: 'Extend my loan' })).toBeVisible();

  const publisher = await studioAs(browser, server.studioBase, STAFF.publisher, '#loan-details');
  await publisher.getByRole('button', { name: 'Publications' }).click();
  const dialog = publisher.getByRole('dialog', { name: 'Publications of screen loan-details' });
  const rows = dialog.getByRole('list', { name: 'Publications' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('by publisher (approved) — live');
  publisher.once('dialog', (d) => void d.accept());
  await rows.last().getByRole('button', { name: 'Republish' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/is live again/);
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('(rollback) — live');

  await phone.reload();
  await expect(phone.getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Extend my loan' })).toHaveCount(0);
});

test('a landing template id mapped in the studio opens its page once published, without a rebuild', async ({
  browser,
}) => {
  copyLandingTemplate(server.sqlitePath, 3);
  const phone = await borrower(browser, server.base);
  await phone.goto(`/promo/#/landing?id=3&${LANDING_QUERY}`);
  await expect(phone.getByText(/This promotion is not available/)).toBeVisible();

  const editor = await studioAs(browser, server.studioBase, STAFF.editor, '#/manifest');
  const form = editor.getByRole('group', { name: 'Map a template id' });
  await form.getByLabel('Page').selectOption('landing');
  await form.getByLabel('Template id').fill('3');
  await form.getByLabel('Screen').selectOption('promo-landing-bold');
  await form.getByRole('button', { name: 'Save and request review' }).click();
  await expect(editor.getByRole('status')).toContainText(
    'sent for review: landing template 3 → promo-landing-bold',
  );

  const publisher = await studioAs(browser, server.studioBase, STAFF.publisher, '#/drafts');
  await openReview(publisher, /^manifest/);
  const added = publisher.getByRole('table', { name: 'JSON diff' }).locator('.studio-diff-add');
  await expect(added.filter({ hasText: '"3": "promo-landing-bold"' })).toHaveCount(1);
  // Only the landing page's entry changed.
  expect(await added.count()).toBeLessThanOrEqual(8);
  await publisher.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(publisher.locator('.studio-review-head .studio-badge')).toHaveText('Published');

  await phone.goto(`/promo/#/landing?id=3&${LANDING_QUERY}`);
  await phone.reload();
  await expect(phone.locator('main[data-screen]')).toHaveAttribute('data-screen', 'promo-landing-bold');
  await expect(phone.getByRole('heading', { name: 'Register in 1 minute' })).toBeVisible();
  await expect(phone.getByText(/This promotion is not available/)).toHaveCount(0);

  // The studio hands out the template's server-visible address (issue 26 item 3), which the
  // server draws: with JavaScript off the landing shows its words and template 3's data (a copy
  // of template 2's), and with it on the phone hydrates it without a mismatch.
  await editor.reload();
  const row = editor
    .getByRole('table', { name: 'Promotion templates' })
    .getByRole('row')
    .filter({ has: editor.getByRole('cell', { name: '3', exact: true }) });
  const address = await row.locator('code').textContent();
  expect(address).toBe('/promo/landing?id=3');
  const template = demoTemplates.find((t) => t.id === 2)!.config;
  const noScript = await browser.newContext({ baseURL: server.base, javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(`${address}&${LANDING_QUERY}`);
  await expect(still.locator('main[data-screen]')).toHaveAttribute('data-screen', 'promo-landing-bold');
  for (const text of ['Register in 1 minute', template.title, template.subtitle, template.buttonText])
    await expect(still.getByText(text).first()).toBeVisible();
  await noScript.close();
  const messages = collectConsole(phone);
  await phone.goto(`${address}&${LANDING_QUERY}`);
  await expect(phone.getByText(template.title)).toBeVisible();
  await hydrated(phone);
  // Hydrated: its own code runs (the captcha picture appears once the page has its time).
  await expect(phone.locator('img[src*="promotion/get-captcha"]')).toBeVisible();
  expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
});

test('the preview link shows the draft under a Preview band, and stops working once the draft is published', async ({
  browser,
}) => {
  // Two people and five phones: more steps than one test's usual minute.
  test.slow();
  const editor = await studioAs(browser, server.studioBase, STAFF.editor, '#loan-details');
  await expect(editor.locator('.cm-content')).toContainText('"loan-details"');
  await replaceInEditor(editor, 'Rollover Repayment', 'Roll it over');
  await saveAndRequestReview(editor, 'loan-details', 'Shorter');
  await editor.getByRole('link', { name: 'Draft page' }).click();
  await editor.getByRole('button', { name: 'Preview on a phone' }).click();
  const link = editor.getByRole('region', { name: 'Preview on a phone' });
  await expect(link.getByRole('img', { name: 'QR code of the preview link' })).toBeVisible();
  await expect(link.locator('.studio-expiry')).toHaveText(
    /^Works until .* \(Asia\/Manila\), and only while the draft is open\.$/,
  );
  await expect(link.locator('.studio-preview-devices')).toHaveText(
    'It opens on the first 3 devices only: scan it with the phone you test on, and do not share it.',
  );
  const url = await link.getByRole('link').getAttribute('href');
  // Absolute, on the borrower-facing port (LENDER_PUBLIC_URL), not the studio's.
  expect(url).toMatch(new RegExp(`^${server.base}/preview/\\d+\\.\\d+\\.[\\w-]+$`));

  // The phone that scans the QR code is not signed in to the studio, and needs not be.
  const phone = await borrower(browser, server.base);
  await phone.goto(withSession(`${url}?orderId=ORD-174-D&productId=P-1`));
  await expect(phone.locator('.app-preview-band')).toContainText('Preview of a draft (loan-details)');
  await expect(phone.getByRole('button', { name: 'Roll it over' })).toBeVisible();
  // The link opens on its first three devices only, so it never becomes a page for everyone.
  for (let i = 0; i < 2; i++) {
    const colleague = await borrower(browser, server.base);
    expect((await colleague.goto(url!))?.status()).toBe(200);
    await colleague.context().close();
  }
  const fourth = await borrower(browser, server.base);
  expect((await fourth.goto(url!))?.status()).toBe(403);
  await expect(fourth.getByRole('heading', { name: 'This preview link is used up' })).toBeVisible();
  await fourth.context().close();
  await phone.reload();
  await expect(phone.getByRole('button', { name: 'Roll it over' })).toBeVisible();
  // Borrowers still get the published version.
  const other = await borrower(browser, server.base);
  await other.goto(LOAN_PAGE);
  await expect(other.getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();

  const publisher = await studioAs(browser, server.studioBase, STAFF.publisher, '#/drafts');
  await openReview(publisher, /^loan-details/);
  await publisher.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(publisher.locator('.studio-review-head .studio-badge')).toHaveText('Published');
  const gone = await phone.goto(withSession(`${url}?orderId=ORD-174-D&productId=P-1`));
  expect(gone?.status()).toBe(410);
  await expect(phone.getByRole('heading', { name: 'This preview link no longer works' })).toBeVisible();
});

test('a preview link of a landing template’s draft opens with that template’s query, so its data loads', async ({
  browser,
}) => {
  const editor = await studioAs(browser, server.studioBase, STAFF.editor, '#promo-landing-classic');
  await expect(editor.locator('.cm-content')).toContainText('"promo-landing-classic"');
  await replaceInEditor(editor, '请输入手机号', 'Your mobile number');
  await saveAndRequestReview(editor, 'promo-landing-classic', 'English placeholder');
  const url = await previewLinkOf(editor);
  // The template the published manifest maps to this screen (issue 26 item 3).
  expect(url).toMatch(new RegExp(`^${server.base}/preview/\\d+\\.\\d+\\.[\\w-]+\\?id=1$`));
  const phone = await borrower(browser, server.base);
  await phone.goto(url);
  await expect(phone.locator('.app-preview-band')).toContainText(
    'Preview of a draft (promo-landing-classic)',
  );
  await expect(phone.getByPlaceholder('Your mobile number')).toBeVisible();
  await expect(phone.getByText(demoTemplates.find((t) => t.id === 1)!.config.title)).toBeVisible();
});

test('the audit log filters by who and what, and exports the same entries as CSV', async ({ browser }) => {
  const publisher = await studioAs(browser, server.studioBase, STAFF.publisher, '#/audit');
  const filter = publisher.getByRole('form', { name: 'Filter' });
  await filter.getByLabel('Who').fill('publisher');
  await filter.getByLabel('Action').fill('session.*');
  await filter.getByRole('button', { name: 'Filter' }).click();
  const rows = publisher.getByRole('table', { name: 'Audit entries' }).locator('tbody tr');
  await expect(rows.first()).toContainText('session.sign-in');
  for (const row of await rows.all()) await expect(row).toContainText(/publisher\s*session\./);
  // Its detail reads as names and values, not as the stored JSON.
  const detail = rows.first().getByRole('definition');
  await expect(rows.first().getByRole('term')).toContainText(['roles', 'device']);
  await expect(detail.first()).toHaveText('["publisher"]');
  const href = await filter.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toBe('/studio/api/audit.csv?actor=publisher&action=session.*');
  const csv = await publisher.request.get(href!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,at,actor,action,target,draftId,revisionId,ip,detail');
  expect(lines.length - 1).toBe(await rows.count());
});
