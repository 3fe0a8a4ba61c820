// The first visit after a change shows the change (issue 29 §1), end to end on a server of this
// spec's own whose clock it moves (tests/e2e/clock.ts): phones that kept the landing's control
// show their arm of a new experiment from the first paint, and the control again once it is
// stopped; a phone that kept a promotion shows the version after it from the first paint once it
// ends. The kept copy still draws when the network is down or slow.
import type { Browser, Page } from '@playwright/test';
import { startClockServer, type ClockServer } from './clock';
import { LANDING_QUERY } from './public-helpers';
import { borrower, openReview, replaceInEditor, saveAndRequestReview, studioAs } from './publishing-helpers';
import { STAFF } from './prod-env';
import { expect, test } from './support';

test.describe.configure({ mode: 'serial' });

let server: ClockServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startClockServer(7);
});
test.afterAll(async () => server?.stop());

/**
 * A borrower's phone that records every label and heading the page ever drew (a MutationObserver
 * from before the first script), so "from the first paint" is checked, not only what is left.
 */
async function phone(browser: Browser): Promise<Page> {
  const page = await borrower(browser, server.base);
  await page.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { __drawn: string[] }).__drawn = drawn;
    const named = 'label, h1, h2, h3';
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const el of [node, ...node.querySelectorAll(named)])
            if (el.matches(named)) drawn.push((el.textContent ?? '').trim());
        }
    }).observe(document, { childList: true, subtree: true });
  });
  return page;
}

/** Every label and heading the page drew, in order. */
const drawn = (page: Page) => page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn);

/** The arm the server gives this phone now (its cookie), by the variant it names. */
async function armOf(page: Page, screen: string): Promise<string> {
  const reply = await page.request.get(`/screens/${screen}.json`);
  return (reply.headers()['x-screen-variant'] ?? '').split(':')[1] ?? '';
}

const kept = (page: Page, screen: string) =>
  page.evaluate((key) => localStorage.getItem(key), `lender.screen.${screen}`);

test('an experiment starts: phones that kept the control show their arm from the first paint, and the control once it stops; offline the kept copy draws', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const SCREEN = 'promo-landing-classic';
  const OLD = '手机号';
  const NEW = 'Mobile no.';
  const LANDING = `/promo/#/landing?id=1&${LANDING_QUERY}`;

  const editor = await studioAs(browser, server.studioBase, STAFF.editor, `#${SCREEN}`);
  await expect(editor.locator('.cm-content')).toContainText(`"${SCREEN}"`);
  await replaceInEditor(editor, `"phoneLabel": "${OLD}"`, `"phoneLabel": "${NEW}"`);
  await saveAndRequestReview(editor, SCREEN, 'Phone label in English');

  // Six phones keep the control.
  const phones: Page[] = [];
  for (let i = 0; i < 6; i++) {
    const page = await phone(browser);
    await page.goto(LANDING);
    await expect(page.getByLabel(OLD)).toBeVisible();
    expect(await kept(page, SCREEN)).toContain(OLD);
    phones.push(page);
  }

  // The experiment starts: 10% keep the control, 90% get the new label.
  const studio = await studioAs(browser, server.studioBase, STAFF.publisher, '#/experiments');
  await studio.getByRole('button', { name: 'New experiment or rollout…' }).click();
  const form = studio.getByRole('group', { name: 'New experiment' });
  await form.getByLabel('Screen').selectOption(SCREEN);
  const revision = form.getByLabel('Revision of arm B');
  await revision.selectOption({
    label: (await revision.locator('option', { hasText: 'Phone label in English' }).textContent())!,
  });
  await form.getByLabel('Weight of arm A (%)').fill('10');
  await form.getByLabel('Weight of arm B (%)').fill('90');
  await form.getByLabel('Goal event (what counts as a conversion)').fill('promo_register_conversion');
  await form.getByLabel('Name').fill('Phone label');
  await form.getByRole('button', { name: 'Start the experiment' }).click();
  await expect(studio.getByRole('heading', { level: 2, name: /Phone label/ })).toBeVisible();

  // The next visit: each phone's own arm, from the first paint.
  const inB: Page[] = [];
  for (const page of phones) {
    const arm = await armOf(page, SCREEN);
    expect(['a', 'b']).toContain(arm);
    await page.goto(`/promo/?visit=2#/landing?id=1&${LANDING_QUERY}`);
    await expect(page.getByLabel(arm === 'b' ? NEW : OLD)).toBeVisible();
    expect(await drawn(page)).not.toContain(arm === 'b' ? OLD : NEW);
    if (arm === 'b') inB.push(page);
  }
  // 90% of six phones: all in the control would happen once in a million runs.
  expect(inB.length).toBeGreaterThan(0);

  // Stopped (the kill switch): the control again from the first paint...
  studio.once('dialog', (dialog) => void dialog.accept());
  await studio.getByRole('button', { name: 'Stop: everyone back to the control' }).click();
  await expect(studio.locator('.studio-badge')).toHaveText('Stopped');
  const [offline, ...online] = inB;
  for (const page of online) {
    await page.goto(`/promo/?visit=3#/landing?id=1&${LANDING_QUERY}`);
    await expect(page.getByLabel(OLD)).toBeVisible();
    expect(await drawn(page)).not.toContain(NEW);
  }
  // ...except where the document cannot be fetched: the kept copy draws, never an error.
  await offline!.route('**/screens/**', (route) => route.abort('internetdisconnected'));
  await offline!.goto(`/promo/?visit=3#/landing?id=1&${LANDING_QUERY}`);
  await expect(offline!.getByLabel(NEW)).toBeVisible();
  await expect(offline!.getByRole('alert')).toHaveCount(0);
  await offline!.unroute('**/screens/**');
  await offline!.goto(`/promo/?visit=4#/landing?id=1&${LANDING_QUERY}`);
  await expect(offline!.getByLabel(OLD)).toBeVisible();
});

test('a promotion ends: the next visit shows the version after it from the first paint; a slow network draws the kept copy', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const PROMOTION = 'Christmas offer: register in 1 minute';
  const BEFORE = 'Register in 1 minute';
  const LANDING = `/promo/#/landing?id=2&${LANDING_QUERY}`;
  const editor = await studioAs(browser, server.studioBase, STAFF.editor, '#promo-landing-bold');
  await expect(editor.locator('.cm-content')).toContainText('"promo-landing-bold"');
  await replaceInEditor(editor, BEFORE, PROMOTION);
  await saveAndRequestReview(editor, 'promo-landing-bold', 'Christmas promotion');

  // Published now, as a promotion that ends in ten minutes (server time).
  const publisher = await studioAs(browser, server.studioBase, STAFF.publisher, '#/drafts');
  await openReview(publisher, /^promo-landing-bold/);
  const approve = publisher.getByRole('group', { name: 'Approve' });
  await approve.getByLabel('A promotion: it ends').check();
  const serverNow = Date.parse(await server.advance(0));
  const endAt = serverNow + 10 * 60_000;
  await approve
    .getByLabel('Ends at (Asia/Manila)')
    .fill(new Date(endAt + 8 * 3_600_000).toISOString().slice(0, 16));
  await approve.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(publisher.locator('.studio-review-head .studio-badge')).toHaveText('Published');

  // Two phones keep the promotion.
  const [first, slow] = [await phone(browser), await phone(browser)];
  for (const page of [first, slow]) {
    await page.goto(LANDING);
    await expect(page.getByRole('heading', { name: PROMOTION, exact: true })).toBeVisible();
  }

  // It ends: the next visit shows the version before it from the first paint.
  await server.advance(endAt + 60_000 - serverNow);
  await first.goto(`/promo/?visit=2#/landing?id=2&${LANDING_QUERY}`);
  await expect(first.getByRole('heading', { name: BEFORE, exact: true })).toBeVisible();
  expect(await drawn(first)).not.toContain(PROMOTION);

  // A network that does not answer: after a few seconds the kept copy rather than a spinner.
  await slow.route('**/screens/**', () => undefined);
  await slow.goto(`/promo/?visit=2#/landing?id=2&${LANDING_QUERY}`);
  await expect(slow.getByRole('heading', { name: PROMOTION, exact: true })).toBeVisible();
  await expect(slow.getByRole('alert')).toHaveCount(0);
});
