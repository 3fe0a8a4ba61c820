// Legacy card repayment (/repay/choose, checklist SL-01..SL-10, D-40 "repay choose") against the
// reference server; the verification code is read from its development endpoint.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, cspViolations, toasts } from './support';
import { SESSION, doubleTap, formBody, record, url, freshRepaySession } from './repay-helpers';

interface Card {
  id: number;
  bankName: string;
  cardNo: string;
  bankCode: string;
}
interface Way {
  repayToken: string;
  repayAmount: number;
  bankCards: Card[];
}

/** Opens the page and returns the pay way the server issued to it. */
async function open(page: Page, query: Record<string, string>): Promise<Way> {
  const way = page.waitForResponse((r) => r.url().includes('/nepenthes/repayment-way'));
  await page.goto(url('/repay/choose', query));
  return ((await (await way).json()) as { data: Way }).data;
}

async function verifyCode(request: APIRequestContext, orderId: string): Promise<string> {
  const reply = await request.get(`/dev/verify-code?orderId=${orderId}`);
  return ((await reply.json()) as { data: { verifyCode: string } }).data.verifyCode;
}

/** Page time stands still unless the test moves it (the countdown must not tick in real time). */
async function frozenClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2025-03-01T10:00:00') });
  await page.clock.pauseAt(new Date('2025-03-01T10:00:01'));
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Verification code' });

// These tests read the phone's own calls: their pages are drawn by the phone (support.ts `draw`).
test.use({ draw: 'phone' });

test.describe('legacy card repayment', () => {
  test.beforeEach(() => freshRepaySession());

  test('SL-01 SL-02 SL-03 D-41 the cards are listed, none chosen; Pay without a card asks for one', async ({
    page,
    watch,
  }) => {
    const commits = record(page, '/nepenthes/repayment-commit');
    const way = await open(page, { orderId: 'ORD-170', productId: 'P-1' });
    await expect(page.getByRole('heading', { name: `₱${(way.repayAmount / 100).toFixed(2)}` })).toBeVisible();
    const cards = page.getByRole('radiogroup', { name: 'Bank card' }).getByRole('radio');
    await expect(cards).toHaveCount(way.bankCards.length);
    for (const card of way.bankCards) await expect(page.getByText(card.cardNo)).toBeVisible();
    for (let i = 0; i < way.bankCards.length; i++)
      await expect(cards.nth(i)).toHaveAttribute('aria-checked', 'false');

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(toasts(page).filter({ hasText: '请先选择银行卡' })).toBeVisible();
    expect(commits).toHaveLength(0);
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('SL-04 SL-05 without verification (sendMsg 0): the commit payload, then the loan detail', async ({
    page,
  }) => {
    const way = await open(page, { orderId: 'ORD-174', productId: 'P-2', sendMsg: '0' });
    const bdo = way.bankCards.find((c) => c.bankName.includes('BDO'))!;
    await page.getByRole('radio', { name: new RegExp(bdo.bankName) }).click();
    const commit = page.waitForRequest((r) => r.url().includes('/nepenthes/repayment-commit'));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    expect(formBody(await commit)).toEqual({
      amount: String(way.repayAmount),
      bankName: bdo.bankName,
      cardId: String(bdo.id),
      cardNo: bdo.cardNo,
      couponId: '',
      orderId: 'ORD-174',
      repayToken: way.repayToken,
      bankCode: bdo.bankCode,
      sendMsg: '0',
    });
    await expect(page).toHaveURL(/\/loan\/details\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('orderId')).toBe('ORD-174');
    expect(query.get('productId')).toBe('P-2');
    expect(query.get('sessionId')).toBe(SESSION.sessionId);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('SL-05 SL-06 SL-07 SL-09 with verification: 60 s countdown, short code, wrong code, then confirm', async ({
    page,
    request,
  }) => {
    await frozenClock(page);
    const way = await open(page, { orderId: 'ORD-170', productId: 'P-1' });
    await page.getByRole('radio', { name: new RegExp(way.bankCards[0]!.bankName) }).click();
    const commit = page.waitForResponse((r) => r.url().includes('/nepenthes/repayment-commit'));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    expect(formBody((await commit).request()).sendMsg).toBe('1');
    const record = ((await (await commit).json()) as { data: { repayRecordId: number } }).data;

    const step = dialog(page);
    await expect(step).toBeVisible();
    await expect(step.getByRole('button', { name: '60s' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(step.getByRole('button', { name: '50s' })).toBeVisible();

    const confirms = [] as Array<Record<string, string>>;
    page.on('request', (r) => {
      if (r.url().includes('/nepenthes/repayment-confirm')) confirms.push(formBody(r));
    });
    const input = step.getByRole('textbox', { name: 'Verification code' });
    await input.fill('12345');
    await step.getByRole('button', { name: 'Confirm' }).click();
    await expect(toasts(page).filter({ hasText: '请输入正确的验证码' })).toBeVisible();
    expect(confirms).toHaveLength(0);

    const code = await verifyCode(request, 'ORD-170');
    const wrong = code === '000000' ? '111111' : '000000';
    await input.fill(wrong);
    await step.getByRole('button', { name: 'Confirm' }).click();
    await expect(toasts(page).filter({ hasText: 'wrong verification code' })).toBeVisible();
    await expect(step).toBeVisible();

    await input.fill(code);
    await step.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/loan\/details\?.*orderId=ORD-170/);
    expect(confirms.at(-1)).toEqual({
      orderId: 'ORD-170',
      verifyCode: code,
      repaymentRecordId: String(record.repayRecordId),
    });
    const done = await request.get('/dev/verify-code?orderId=ORD-170');
    expect(((await done.json()) as { data: { status: string } }).data.status).toBe('confirmed');
  });

  test('SL-08 Cancel resets the timer; paying again asks for a new code for the same repayment; Resend after the countdown', async ({
    page,
  }) => {
    await frozenClock(page);
    const ways = record(page, '/nepenthes/repayment-way');
    const commits = record(page, '/nepenthes/repayment-commit');
    const records: number[] = [];
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname !== '/nepenthes/repayment-commit') return;
      const body = (await r.json().catch(() => null)) as { data?: { repayRecordId?: number } } | null;
      if (body?.data?.repayRecordId) records.push(body.data.repayRecordId);
    });
    // The server takes a repeat of one token sooner than RESEND_AFTER_MS (5 s, real time, which the
    // page's frozen clock does not move) for the same submit twice; the page's own waits are 60 s.
    let sentAt = 0;
    const serverWait = () => page.waitForTimeout(Math.max(0, 5_500 - (Date.now() - sentAt)));
    const way = await open(page, { orderId: 'ORD-180', productId: 'P-4' });
    await page.getByRole('radio', { name: new RegExp(way.bankCards[0]!.bankName) }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    sentAt = Date.now();
    const step = dialog(page);
    await expect(step.getByRole('button', { name: '60s' })).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(step.getByRole('button', { name: '40s' })).toBeVisible();
    await step.getByRole('textbox', { name: 'Verification code' }).fill('123');

    // Cancel keeps the repayment that awaits its code (issue 20: one per order), so no new pay way.
    await step.getByRole('button', { name: 'Cancel' }).click();
    await expect(step).toHaveCount(0);
    expect(ways).toHaveLength(1);
    // Nothing ticks any more (a short jump: the host's 60 s request timeout stays out of it).
    await page.clock.runFor(5_000);
    await expect(toasts(page)).toHaveCount(0);

    await serverWait();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    sentAt = Date.now();
    await expect(step.getByRole('button', { name: '60s' })).toBeVisible();
    await expect(step.getByRole('textbox', { name: 'Verification code' })).toHaveValue('');
    expect(commits).toHaveLength(2);
    expect(formBody(commits[1]!).repayToken).toBe(formBody(commits[0]!).repayToken);
    await expect.poll(() => records).toHaveLength(2);
    expect(records[1]).toBe(records[0]);

    // While counting, Resend does nothing; at 0 it sends a new code.
    await page.clock.runFor(30_000);
    // aria-disabled while counting: force the tap through, as a thumb would.
    await step.getByRole('button', { name: '30s' }).click({ force: true });
    await page.waitForTimeout(300);
    expect(ways).toHaveLength(1);
    expect(commits).toHaveLength(2);
    await page.clock.runFor(30_000);
    await serverWait();
    await step.getByRole('button', { name: 'Resend' }).click();
    await expect(step.getByRole('button', { name: '60s' })).toBeVisible();
    expect(commits).toHaveLength(3);
    expect(formBody(commits[2]!).sendMsg).toBe('1');
    await expect.poll(() => records).toEqual([records[0], records[0], records[0]]);
  });

  test('SL-09 800005: a payment already submitted elsewhere says do not submit the payment twice', async ({
    page,
    request,
  }) => {
    const way = await open(page, { orderId: 'ORD-180-D', productId: 'P-2' });
    const card = way.bankCards[0]!;
    // The same pay way submitted first by another tab of the same borrower.
    const first = await request.post(`/nepenthes/repayment-commit?sessionId=${SESSION.sessionId}`, {
      form: {
        amount: way.repayAmount,
        cardId: card.id,
        orderId: 'ORD-180-D',
        repayToken: way.repayToken,
        sendMsg: 0,
      },
    });
    expect(((await first.json()) as { code: number }).code).toBe(0);

    await page.getByRole('radio', { name: new RegExp(card.bankName) }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'do not submit the payment twice' })).toBeVisible();
    await expect(page).toHaveURL(/\/repay\/choose\?/);
  });

  test('SL-09 D-42 other codes show the server message', async ({ page }) => {
    await page.goto(url('/repay/choose', { orderId: 'ORD-200', productId: 'P-1' }));
    await expect(toasts(page).filter({ hasText: '该订单无需还款' })).toBeVisible();
    const failed = page.getByRole('alert').filter({ hasText: 'We could not load your repayment options.' });
    await expect(failed).toContainText('该订单无需还款');
    await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('SL-09 ruling 2 a network failure on Pay says error; Pay works again', async ({ page }) => {
    const way = await open(page, { orderId: 'ORD-174-D', productId: 'P-1', sendMsg: '0' });
    await page.route('**/nepenthes/repayment-commit*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('radio', { name: new RegExp(way.bankCards[0]!.bankName) }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(toasts(page).filter({ hasText: /^error$/ })).toBeVisible();
    await page.unroute('**/nepenthes/repayment-commit*');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/loan\/details\?/);
  });

  test('SL-04 a double tap on Pay sends one commit', async ({ page }) => {
    const commits = record(page, '/nepenthes/repayment-commit');
    const way = await open(page, { orderId: 'ORD-174-D', productId: 'P-1', sendMsg: '0' });
    await page.getByRole('radio', { name: new RegExp(way.bankCards[1]!.bankName) }).click();
    await doubleTap(page, 'Pay');
    await expect(page).toHaveURL(/\/loan\/details\?/);
    expect(commits).toHaveLength(1);
  });

  test('SL-10 D-31 D-34 Pay online: repayment-huichao, then its url without the session parameters', async ({
    page,
  }) => {
    const way = await open(page, { orderId: 'ORD-180', productId: 'P-4', userId: 'U-7' });
    const huichao = page.waitForRequest((r) => r.url().includes('/nepenthes/repayment-huichao'));
    await page.getByRole('button', { name: 'Pay online instead' }).click();
    expect(formBody(await huichao)).toEqual({
      userId: 'U-7',
      orderId: 'ORD-180',
      amount: String(way.repayAmount),
    });
    await expect(page).toHaveURL(/\/demo\/pay\?ref=/);
    expect(page.url()).not.toContain('sessionId');
    await expect(page.locator('dd', { hasText: 'huichao' })).toBeVisible();
  });
});
