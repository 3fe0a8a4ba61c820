// Scheduled publishing and expiring preview links, end to end, on a server whose clock the test
// moves (tests/e2e/clock.ts): a promotion goes live at its time and ends at its time, falling
// back to the version before it; a preview link stops working when it expires.
import { STAFF } from './prod-env';
import { expect, test } from './support';
import { startClockServer, type ClockServer } from './clock';
import { LANDING_QUERY } from './public-helpers';
import {
  borrower,
  openReview,
  previewLinkOf,
  replaceInEditor,
  saveAndRequestReview,
  studioAs,
} from './publishing-helpers';

test.describe.configure({ mode: 'serial' });

let server: ClockServer;
/** The server's clock is the real one plus what the test moved it by. */
let moved = 0;
const serverNow = () => Date.now() + moved;
async function advanceTo(instant: number): Promise<void> {
  const by = instant - serverNow();
  moved += by;
  await server.advance(by);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startClockServer(3);
});
test.afterAll(async () => server?.stop());

const MINUTE = 60_000;
/** A `datetime-local` value in Manila (UTC+8 all year). */
const manila = (instant: number) => new Date(instant + 8 * 60 * MINUTE).toISOString().slice(0, 16);
/** A time as the studio shows it. */
const shown = (instant: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Manila',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  }).format(instant);

const LANDING = `/promo/#/landing?id=2&${LANDING_QUERY}`;

test('a scheduled promotion appears at its time and ends at its time, then the version before it is back', async ({
  browser,
}) => {
  test.slow();
  const editor = await studioAs(browser, server.studioBase, STAFF.editor, '#promo-landing-bold');
  await expect(editor.locator('.cm-content')).toContainText('"promo-landing-bold"');
  await replaceInEditor(editor, 'Register in 1 minute', 'Christmas offer: register in 1 minute');
  await saveAndRequestReview(editor, 'promo-landing-bold', 'Christmas promotion');

  const startAt = Math.ceil(serverNow() / MINUTE) * MINUTE + 10 * MINUTE;
  const endAt = startAt + 10 * MINUTE;
  const publisher = await studioAs(browser, server.studioBase, STAFF.publisher, '#/drafts');
  await openReview(publisher, /^promo-landing-bold/);
  const approve = publisher.getByRole('group', { name: 'Approve' });
  await approve.getByLabel('Publish at a date and time').check();
  await approve.getByLabel('Publish at (Asia/Manila)').fill(manila(startAt));
  await approve.getByLabel('A promotion: it ends').check();
  await approve.getByLabel('Ends at (Asia/Manila)').fill(manila(endAt));
  await expect(approve.getByLabel('Then show')).toHaveValue('previous');
  await approve.getByRole('button', { name: 'Approve and schedule' }).click();
  await expect(publisher.locator('.studio-review-head .studio-badge')).toHaveText('Scheduled');

  // The schedule, in Manila time.
  await publisher.goto('/studio#/schedules');
  const scheduled = publisher.getByRole('list', { name: 'Scheduled publications' }).getByRole('listitem');
  await expect(scheduled).toHaveCount(1);
  await expect(scheduled).toContainText(`${shown(startAt)} promo-landing-bold`);
  await expect(scheduled).toContainText(`ends ${shown(endAt)}`);

  // A new borrower's phone each time (a phone that kept a copy gets a change on its next visit too,
  // tests/e2e/promo-current.spec.ts).
  const seen = async (text: string) => {
    const phone = await borrower(browser, server.base);
    await phone.goto(LANDING);
    await expect(phone.getByRole('heading', { name: text, exact: true })).toBeVisible();
    await phone.context().close();
  };
  await seen('Register in 1 minute');

  // A minute before its time: still the old page. Its time: the promotion.
  await advanceTo(startAt - MINUTE);
  await seen('Register in 1 minute');
  await advanceTo(startAt + 5_000);
  await seen('Christmas offer: register in 1 minute');
  await publisher.reload();
  await expect(publisher.getByRole('list', { name: 'Promotion ends' }).getByRole('listitem')).toContainText(
    `${shown(endAt)} promo-landing-bold ends, then the version before it`,
  );

  // Its end: the version before it again, as a publication of its own.
  await advanceTo(endAt - MINUTE);
  await seen('Christmas offer: register in 1 minute');
  await advanceTo(endAt + 5_000);
  await seen('Register in 1 minute');
  await publisher.reload();
  await expect(publisher.getByText('No live promotion has an end.')).toBeVisible();
});

test('a preview link stops working when it expires', async ({ browser }) => {
  const editor = await studioAs(browser, server.studioBase, STAFF.editor, '#about');
  await expect(editor.locator('.cm-content')).toContainText('"about"');
  await replaceInEditor(editor, 'Contact us', 'Talk to us');
  await saveAndRequestReview(editor, 'about', 'Warmer heading');
  const url = await previewLinkOf(editor);

  const phone = await borrower(browser, server.base);
  await phone.goto(url);
  await expect(phone.locator('.app-preview-band')).toContainText('Preview of a draft (about)');
  await expect(phone.getByText('Talk to us')).toBeVisible();

  // Links last LENDER_PREVIEW_MINUTES (30 on this server).
  const made = serverNow();
  await advanceTo(made + 29 * MINUTE);
  await phone.goto(url);
  await expect(phone.getByText('Talk to us')).toBeVisible();
  await advanceTo(made + 31 * MINUTE);
  const gone = await phone.goto(url);
  expect(gone?.status()).toBe(410);
  await expect(phone.getByRole('heading', { name: 'This preview link no longer works' })).toBeVisible();
});
