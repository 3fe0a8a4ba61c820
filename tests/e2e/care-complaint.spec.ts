// The complaint flow (spec §2.3-§2.6, §4 "Complaint flow", §5, §8; checklist S2.3-S2.6, D-13, D-29,
// D-30, D-44, D-53, D-54) against the reference server. What was stored is read back from the
// server's API, not from the page.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, cspViolations, toasts } from './support';
import { api, formBody, freshSession, record, url } from './care-helpers';

const IMAGES = 'tests/fixtures/images/';
const ORANGE = `${IMAGES}evidence-orange.png`;
const BLUE = `${IMAGES}evidence-blue.png`;
const UPLOAD = '/nepenthes/upload-problem-image';
const SPANISH = 'La orden seleccionada no admite el envío de quejas de tipo cobranza.';

/** Upload requests seen, the URLs they returned, and the most that were ever in flight at once. */
function watchUploads(page: Page) {
  const state = { started: 0, urls: [] as string[], inFlight: 0, maxInFlight: 0 };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname !== UPLOAD) return;
    state.started += 1;
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
  });
  const done = (r: import('@playwright/test').Request) => {
    if (new URL(r.url()).pathname === UPLOAD) state.inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname !== UPLOAD) return;
    const body = (await res.json().catch(() => null)) as { code?: string; data?: { url?: string } } | null;
    if (body?.code === '00' && body.data?.url) state.urls.push(body.data.url);
  });
  return state;
}

async function openForm(page: Page, sessionId: string, type = 2, son = 0, orderNo = 'ORD-21') {
  await page.goto(
    url('/complainPageNext', {
      problemType: String(type),
      problemSonType: String(son),
      orderNo,
      sessionId,
    }),
  );
  await expect(page.getByLabel('Problem description')).toBeVisible();
}

/** A complaint saved straight through the API as `sessionId` (for the list/detail/rating tests). */
async function fileComplaint(
  request: import('@playwright/test').APIRequestContext,
  sessionId: string,
  text: string,
) {
  const saved = await api(request, '/nepenthes/problem-save', sessionId, {
    problemType: 4,
    problemSonType: 0,
    problemDetail: text,
    problemImage: '',
    orderNo: 'ORD-21',
  });
  expect(saved.code).toBe('00');
  return Number(saved.data.problemId);
}

// These tests read the phone's own calls: their pages are drawn by the phone (support.ts `draw`).
test.use({ draw: 'phone' });

test.describe('complaint flow', () => {
  test('S2.3-01..06 S2.4-01..08 S2.5 S2.6-01..03 D-29 D-53 D-54 a complaint with 2 images is stored and shown in the list and detail', async ({
    page,
    request,
    watch,
  }) => {
    const sessionId = freshSession('complaint-file');
    const init = page.waitForRequest((r) => r.url().includes('/nepenthes/problem-init'));
    await page.goto(url('/complaint', { orderId: 'ORD-21', sessionId }));
    expect(formBody(await init)).toEqual({ orderId: 'ORD-21' });
    await expect(page).toHaveTitle('Online service');
    const card = page.locator('.blk-section').filter({ hasText: 'PesoQuick' }).first();
    await expect(card.getByText('Approved')).toBeVisible();
    await expect(card.getByText('Loan amount')).toBeVisible();
    await expect(card.getByRole('img', { name: 'PesoQuick logo' })).toBeVisible();

    // Keys of other features must survive the save; only the complaint namespace is cleared (D-29).
    await page.evaluate(() => {
      localStorage.setItem('complaint.draft', 'old draft');
      localStorage.setItem('repayInfo', '{"payCode":"7700174000001"}');
    });

    // Started after the complaint page's own init, so this is the form's call.
    const formInit = page.waitForRequest((r) => r.url().includes('/nepenthes/problem-init'));
    await page.getByText('Repayment problem', { exact: true }).click();
    await expect(page).toHaveURL(/\/complainPageNext\?/);
    const target = new URL(page.url());
    expect(target.searchParams.get('problemType')).toBe('2');
    expect(target.searchParams.get('problemSonType')).toBe('0');
    expect(target.searchParams.get('orderNo')).toBe('ORD-21');
    // D-53: the form calls problem-init with no body.
    expect(formBody(await formInit)).toEqual({});
    await expect(page.getByText('Repayment problem', { exact: true })).toBeVisible();

    const text = `GCash payment ${sessionId.slice(-6)} still shows overdue <b>twice</b>`;
    await page.getByLabel('Problem description').fill(text);
    const uploads = watchUploads(page);
    await page.getByLabel('Evidence images').setInputFiles([ORANGE, BLUE]);
    await expect(page.getByText('2/9')).toBeVisible();
    expect(uploads.started).toBe(2);
    expect(uploads.maxInFlight).toBe(1);
    await expect(toasts(page).filter({ hasText: 'Upload succeeded!' }).first()).toBeVisible();

    const save = page.waitForRequest((r) => new URL(r.url()).pathname === '/nepenthes/problem-save');
    await page.getByRole('button', { name: 'Send' }).click();
    const saved = formBody(await save);
    expect(uploads.urls).toHaveLength(2);
    expect(saved).toEqual({
      problemType: '2',
      problemSonType: '0',
      problemDetail: text,
      problemImage: uploads.urls.join(','),
      orderNo: 'ORD-21',
    });
    const modal = page.getByRole('dialog', { name: 'Successfully Sent' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('within 3 weekdays');
    // Then back to the complaint page (history back, D-54).
    await expect(page).toHaveURL(/\/complaint\?/, { timeout: 5000 });
    await expect(page.getByText('Suggestions', { exact: true })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('complaint.draft'), localStorage.getItem('repayInfo')]),
    ).toEqual([null, '{"payCode":"7700174000001"}']);

    // What the server stored, read through its API.
    const list = await api(request, '/nepenthes/problem-list', sessionId);
    const all = (list.data.tabs as { list: { id: number; content: string; type: string }[] }[])[0]!.list;
    const mine = all.find((c) => c.content === text);
    expect(mine).toBeDefined();
    const detail = await api(request, '/nepenthes/problem-detail', sessionId, { problemId: mine!.id });
    expect(detail.data).toMatchObject({
      content: text,
      images: uploads.urls,
      problemType: 2,
      orderNo: 'ORD-21',
      isNeedScore: 1,
    });
    for (const [i, file] of [ORANGE, BLUE].entries()) {
      const image = await request.get(uploads.urls[i]!);
      expect(Buffer.from(await image.body()).equals(readFileSync(file))).toBe(true);
    }

    // The same complaint in the list and the detail screens.
    await page.getByRole('button', { name: 'My complaints' }).click();
    await expect(page).toHaveURL(/\/complaintList\?/);
    const item = page.locator('.blk-section').filter({ hasText: text });
    await expect(item).toBeVisible();
    await expect(item.getByText('Repayment problem')).toBeVisible();
    await expect(item.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/complainDetails\\?.*problemId=${mine!.id}`));
    await expect(page.getByLabel('Problem description')).toHaveValue(text);
    await expect(page.getByText(`${[...text].length}/200`)).toBeVisible();
    const images = page.locator('.blk-section').filter({ hasText: 'Evidence images' }).getByRole('img');
    await expect(images).toHaveCount(2);
    expect(
      await images.evaluateAll((els) => els.map((e) => new URL((e as HTMLImageElement).src).pathname)),
    ).toEqual(uploads.urls);
    await expect(page.getByText('Process Result')).toHaveCount(0);
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('S2.4-03 §5 the description stops at 200 characters, typed or pasted', async ({ page, request }) => {
    const sessionId = freshSession('complaint-cap');
    await openForm(page, sessionId);
    const field = page.getByLabel('Problem description');
    await field.fill('x'.repeat(250));
    await expect(field).toHaveValue('x'.repeat(200));
    await expect(page.getByText('200/200')).toBeVisible();
    await field.press('End');
    await field.pressSequentially('yz');
    await expect(field).toHaveValue('x'.repeat(200));
    const save = page.waitForRequest((r) => new URL(r.url()).pathname === '/nepenthes/problem-save');
    await page.getByRole('button', { name: 'Send' }).click();
    expect(formBody(await save).problemDetail).toHaveLength(200);
    await expect(page.getByRole('dialog', { name: 'Successfully Sent' })).toBeVisible();
    const list = await api(request, '/nepenthes/problem-list', sessionId);
    const all = (list.data.tabs as { list: { content: string }[] }[])[0]!.list;
    expect(all.map((c) => c.content)).toEqual(['x'.repeat(200)]);
  });

  test('S2.4-05 S2.4-06 at most 9 images: a 10th pick is ignored, uploads go one at a time, then the picker is disabled', async ({
    page,
  }) => {
    await openForm(page, freshSession('complaint-ten'));
    const uploads = watchUploads(page);
    const png = readFileSync(ORANGE);
    const files = Array.from({ length: 10 }, (_, i) => ({
      name: `shot-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: png,
    }));
    await page.getByLabel('Evidence images').setInputFiles(files);
    await expect(page.getByText('9/9')).toBeVisible({ timeout: 15_000 });
    expect(uploads.started).toBe(9);
    expect(uploads.maxInFlight).toBe(1);
    await expect(page.getByLabel('Evidence images')).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Remove image/ })).toHaveCount(9);
    // Removing one makes room again.
    await page.getByRole('button', { name: 'Remove image 9' }).click();
    await expect(page.getByText('8/9')).toBeVisible();
    await expect(page.getByLabel('Evidence images')).toBeEnabled();
  });

  test('S2.4-06 §8 a non-image and an oversized file are refused with the server message', async ({
    page,
  }) => {
    await openForm(page, freshSession('complaint-refused-files'));
    await page.getByLabel('Evidence images').setInputFiles(`${IMAGES}not-an-image.png`);
    await expect(
      toasts(page).filter({ hasText: 'Only PNG, JPEG, GIF or WEBP images can be uploaded' }),
    ).toBeVisible();
    await expect(page.getByText('0/9')).toBeVisible();

    const big = Buffer.concat([readFileSync(ORANGE), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    await page
      .getByLabel('Evidence images')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await expect(toasts(page).filter({ hasText: 'The image is larger than 5 MB' })).toBeVisible();
    await expect(page.getByText('0/9')).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Upload succeeded!' })).toHaveCount(0);

    await page.getByLabel('Evidence images').setInputFiles(BLUE);
    await expect(page.getByText('1/9')).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'Upload succeeded!' })).toBeVisible();
  });

  test('S2.4-04 §5 Send with empty (or blank) text says so and sends nothing', async ({ page }) => {
    await openForm(page, freshSession('complaint-empty'));
    const saves = record(page, '/nepenthes/problem-save');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(
      toasts(page).filter({ hasText: 'Please fill in your comments and suggestions' }),
    ).toBeVisible();
    await page.getByLabel('Problem description').fill('    ');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(
      toasts(page).filter({ hasText: 'Please fill in your comments and suggestions' }),
    ).toHaveCount(1);
    expect(saves).toHaveLength(0);
  });

  test('S2.3-07 S2.3-08 D-13 type 1: refused for an order without collection complaints, else sub-type then form', async ({
    page,
  }) => {
    const sessionId = freshSession('complaint-type1');
    await page.goto(url('/complaint', { orderId: 'ORD-200', sessionId }));
    await expect(page.getByText('Settled')).toBeVisible();
    await page.getByText('Collection complaint', { exact: true }).click();
    await expect(toasts(page).filter({ hasText: SPANISH })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/complaint\?/);

    // The order switcher: pick an order that admits them, then a sub-type.
    await page.getByRole('button', { name: 'All', exact: true }).click();
    const orders = page.getByRole('dialog', { name: 'All' });
    await orders.getByRole('button').filter({ hasText: 'Approved' }).click();
    await expect(orders).toHaveCount(0);
    await expect(page.getByText('Approved')).toBeVisible();
    await page.getByText('Collection complaint', { exact: true }).click();
    const subTypes = page.getByRole('dialog', { name: 'Collection complaint' });
    await expect(subTypes.getByText('Rude or threatening language')).toBeVisible();
    await subTypes.getByText('Too many calls').click();
    await expect(page).toHaveURL(/\/complainPageNext\?/);
    const target = new URL(page.url());
    expect(target.searchParams.get('problemType')).toBe('1');
    expect(target.searchParams.get('problemSonType')).toBe('3');
    expect(target.searchParams.get('orderNo')).toBe('ORD-21');
    await expect(page.getByText('Collection complaint', { exact: true })).toBeVisible();
    await expect(page.getByText('Too many calls', { exact: true })).toBeVisible();
  });

  test('S2.3-05 S2.3-06 the order chosen in the switcher is carried to the form for other types', async ({
    page,
  }) => {
    await page.goto(url('/complaint', { orderId: 'ORD-21', sessionId: freshSession('complaint-switch') }));
    await page.getByRole('button', { name: 'All', exact: true }).click();
    const orders = page.getByRole('dialog', { name: 'All' });
    await expect(orders.getByRole('button')).toHaveCount(9 + 1); // nine orders and the close icon
    await orders.getByRole('button').filter({ hasText: 'Settled' }).click();
    await page.getByText('Suggestions', { exact: true }).click();
    await expect(page).toHaveURL(/\/complainPageNext\?/);
    const target = new URL(page.url());
    expect([target.searchParams.get('problemType'), target.searchParams.get('orderNo')]).toEqual([
      '4',
      'ORD-200',
    ]);
  });

  test('S2.4-09 §8 a refused save toasts the server message and shows no success', async ({ page }) => {
    await openForm(page, freshSession('complaint-403'), 1, 1, 'ORD-200');
    await page.getByLabel('Problem description').fill('They call me every hour.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(toasts(page).filter({ hasText: SPANISH })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/complainPageNext\?/);
  });

  test('P-06 S2.3-09 without a sessionId the complaint screens make no call and say to open them from the app', async ({
    page,
    watch,
  }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/nepenthes/')) calls.push(r.url());
    });
    for (const [path, query] of [
      ['/complaint', { orderId: 'ORD-21' }],
      ['/complainPageNext', { problemType: '2', problemSonType: '0', orderNo: 'ORD-21' }],
      ['/complaintList', {}],
      ['/complainDetails', { problemId: '1' }],
    ] as const) {
      await page.goto(url(path, query));
      await expect(page.getByText('Please open this page from the app')).toBeVisible();
      // Nothing of the demo borrower's complaints or orders, no form, no spinner.
      await expect(page.getByText(/PesoQuick|Repayment problem|Too many calls/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
      await expect(page.locator('[data-toast="loading"]')).toHaveCount(0);
    }
    expect(calls).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
    // With the session the app adds, the same page works (the demo borrower's own list).
    await page.goto(url('/complaintList', { sessionId: 'demo' }));
    await expect(page.getByRole('tab')).toHaveText(['All', 'Processing', 'Processed']);
    await expect(page.getByText('Please open this page from the app')).toHaveCount(0);
  });

  test('S2.5-01..03 the list has the server tabs, and an item opens its detail', async ({ page }) => {
    const list = page.waitForRequest((r) => r.url().includes('/nepenthes/problem-list'));
    await page.goto(url('/complaintList', { sessionId: 'demo' }));
    expect(formBody(await list)).toEqual({});
    await expect(page.getByRole('tab')).toHaveText(['All', 'Processing', 'Processed']);
    await expect(page.locator('.blk-section')).toHaveCount(3);
    await page.getByRole('tab', { name: 'Processing' }).click();
    await expect(page.locator('.blk-section')).toHaveCount(1);
    await expect(page.getByText('Collection complaint')).toBeVisible();
    await page.getByRole('tab', { name: 'Processed' }).click();
    await expect(page.locator('.blk-section')).toHaveCount(2);
    await page.locator('.blk-section').filter({ hasText: 'Repayment problem' }).click();
    await expect(page).toHaveURL(/\/complainDetails\?.*\bproblemId=1\b/);
  });

  test('S2.6-02 S2.6-03 detail: sub-type and the Process Result with reply text and images', async ({
    page,
  }) => {
    await page.goto(url('/complainDetails', { problemId: '1', sessionId: 'demo' }));
    const result = page.locator('.blk-section').filter({ hasText: 'Process Result' });
    await expect(result.getByText('Your payment was posted this morning', { exact: false })).toBeVisible();
    await expect(result.getByRole('img')).toHaveCount(1);
    await page.goto(url('/complainDetails', { problemId: '2', sessionId: 'demo' }));
    await expect(page.getByText('Too many calls')).toBeVisible();
    await expect(page.getByText('Collection complaint')).toBeVisible();
    await expect(page.getByText('Process Result')).toHaveCount(0);
  });

  test('S2.6-04..06 D-30 D-44 the rating opens 3 s after load, Send waits for a star and is sent once', async ({
    page,
    request,
  }) => {
    const sessionId = freshSession('complaint-rate');
    const problemId = await fileComplaint(request, sessionId, 'Rate me please.');
    // A paused page clock: the 3 s are stepped by the test, whatever the machine's speed.
    const start = new Date('2026-03-02T08:00:00');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto(url('/complainDetails', { problemId: String(problemId), sessionId }));
    await expect(page.getByLabel('Problem description')).toHaveValue('Rate me please.');
    await page.clock.fastForward(2900);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.clock.fastForward(200);
    const modal = page.getByRole('dialog', { name: 'Please rate this service' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('radio')).toHaveCount(5);
    const send = modal.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();

    const scores = record(page, '/nepenthes/save-score');
    await modal.getByRole('radio', { name: '4 stars' }).click();
    await expect(send).toBeEnabled();
    await send.evaluate((el: HTMLElement) => {
      el.click();
      el.click();
    });
    await expect(toasts(page).filter({ hasText: 'Successful demonstration!' })).toBeVisible();
    await expect(modal).toHaveCount(0);
    expect(scores).toHaveLength(1);
    expect(formBody(scores[0]!)).toEqual({ score: '4', problemId: String(problemId) });

    const stored = await api(request, '/nepenthes/problem-detail', sessionId, { problemId });
    expect(stored.data).toMatchObject({ score: 4, isNeedScore: 0 });
    // Rated: no popup any more.
    await page.reload();
    await expect(page.getByLabel('Problem description')).toHaveValue('Rate me please.');
    await page.clock.fastForward(4000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('S2.6-05 Cancel closes the rating without sending; a refused rating toasts the server message', async ({
    page,
    request,
  }) => {
    const sessionId = freshSession('complaint-rate-cancel');
    const problemId = await fileComplaint(request, sessionId, 'Cancel, then refused.');
    const scores = record(page, '/nepenthes/save-score');
    await page.clock.install();
    await page.goto(url('/complainDetails', { problemId: String(problemId), sessionId }));
    await expect(page.getByLabel('Problem description')).toHaveValue('Cancel, then refused.');
    await page.clock.fastForward(3100);
    const modal = page.getByRole('dialog', { name: 'Please rate this service' });
    await modal.getByRole('radio', { name: '2 stars' }).click();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toHaveCount(0);
    expect(scores).toHaveLength(0);

    // Rated elsewhere meanwhile: the server refuses the second rating with its message.
    await page.reload();
    await expect(page.getByLabel('Problem description')).toHaveValue('Cancel, then refused.');
    await page.clock.fastForward(3100);
    await expect(modal).toBeVisible();
    expect((await api(request, '/nepenthes/save-score', sessionId, { score: 5, problemId })).code).toBe('00');
    await modal.getByRole('radio', { name: '3 stars' }).click();
    await modal.getByRole('button', { name: 'Send' }).click();
    await expect(toasts(page).filter({ hasText: 'You have already rated this service' })).toBeVisible();
    await expect(modal).toBeVisible();
    const stored = await api(request, '/nepenthes/problem-detail', sessionId, { problemId });
    expect(stored.data).toMatchObject({ score: 5 });
  });
});
