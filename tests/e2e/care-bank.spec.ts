// Bank account binding (route /bank, spec §2.2, §4 "Bank binding", checklist S2.2, D-24..D-28)
// against the reference server's bank form (docs/api.md "Bank form items").
import { test, expect, bridgeLog, cspViolations, toasts } from './support';
import { api, formBody, freshSession, pick, record, url } from './care-helpers';

const fields = (page: import('@playwright/test').Page) => ({
  bank: page.getByRole('button', { name: /^Bank / }),
  account: page.getByLabel('Account number'),
  branch: page.getByLabel('BDO branch code'),
  routing: page.getByLabel('BPI routing number'),
  wallet: page.getByRole('button', { name: /^E-wallet / }),
  walletPhone: page.getByLabel('E-wallet number'),
  city: page.getByRole('button', { name: /^City/ }),
  salaryDay: page.getByRole('button', { name: /^Salary day/ }),
});

async function open(page: import('@playwright/test').Page, query: Record<string, string>) {
  const init = page.waitForRequest((r) => r.url().includes('/nepenthes/bank-card-init'));
  await page.goto(url('/bank', query));
  const request = await init;
  await expect(page.getByRole('tab', { name: 'Bank account' })).toBeVisible();
  return request;
}

// These tests read the phone's own calls: their pages are drawn by the phone (support.ts `draw`).
test.use({ draw: 'phone' });

test.describe('bank account', () => {
  test('S2.2-01 S2.2-02 S2.2-15 D-27 title, init with product_id, start bank on open', async ({
    page,
    watch,
  }) => {
    const sessionId = freshSession('bank-open');
    const init = await open(page, { productId: 'P-1', sessionId });
    expect(formBody(init)).toEqual({ product_id: 'P-1' });
    await expect(page).toHaveTitle('Payment account information');
    await expect.poll(async () => (await bridgeLog(page)).map((c) => c.name)).toEqual(['startBank']);
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('S2.2-06 S2.2-07 S2.2-08 D-24 card-type tabs and channel decide which fields show', async ({
    page,
  }) => {
    await open(page, { productId: 'P-1', sessionId: freshSession('bank-visible') });
    const f = fields(page);
    // Card type 1 (the item's value), channel 90006 until one is chosen: the BDO field only.
    await expect(page.getByRole('tab', { name: 'Bank account' })).toHaveAttribute('aria-selected', 'true');
    await expect(f.bank).toBeVisible();
    await expect(f.account).toBeVisible();
    await expect(f.branch).toBeVisible();
    await expect(f.routing).toHaveCount(0);
    await expect(f.wallet).toHaveCount(0);
    await expect(f.walletPhone).toHaveCount(0);
    // Unrestricted fields (cardTypeMi 0) show for every card type.
    await expect(f.city).toBeVisible();
    await expect(f.salaryDay).toBeVisible();

    await pick(page, 'Bank', 'Bank of the Philippine Islands');
    await expect(f.routing).toBeVisible();
    await expect(f.branch).toHaveCount(0);

    await pick(page, 'Bank', 'Metrobank');
    await expect(f.routing).toHaveCount(0);
    await expect(f.branch).toHaveCount(0);
    await expect(f.account).toBeVisible();

    await page.getByRole('tab', { name: 'E-wallet' }).click();
    await expect(f.wallet).toBeVisible();
    await expect(f.walletPhone).toBeVisible();
    await expect(f.bank).toHaveCount(0);
    await expect(f.account).toHaveCount(0);
    await expect(f.routing).toHaveCount(0);
    await expect(f.city).toBeVisible();
    await expect(f.salaryDay).toBeVisible();
  });

  test('S2.2-04 the enum picker shows option names with Confirm and Cancel; Cancel changes nothing', async ({
    page,
  }) => {
    await open(page, { productId: 'P-1', sessionId: freshSession('bank-picker') });
    const f = fields(page);
    await f.bank.click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('option')).toHaveText([
      'BDO Unibank',
      'Bank of the Philippine Islands',
      'Metrobank',
    ]);
    await expect(sheet.getByRole('button', { name: 'Confirm' })).toBeVisible();
    await sheet.getByRole('option', { name: 'Metrobank' }).click();
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(f.bank).toHaveText(/Select your bank/);
    await expect(fields(page).branch).toBeVisible();

    await pick(page, 'Bank', 'Metrobank');
    await expect(f.bank).toHaveText(/Metrobank/);
  });

  test('S2.2-05 §5 text fields keep digits only', async ({ page }) => {
    await open(page, { productId: 'P-1', sessionId: freshSession('bank-digits') });
    const f = fields(page);
    await f.account.pressSequentially('12ab-34 56.7x');
    await expect(f.account).toHaveValue('1234 567');
    await f.branch.fill('01a0b1');
    await expect(f.branch).toHaveValue('0101');
    await page.getByRole('tab', { name: 'E-wallet' }).click();
    await f.walletPhone.pressSequentially('+63 917-123');
    await expect(f.walletPhone).toHaveValue('639 1712 3');
  });

  test('S2.2-10 S2.2-12 D-25 D-26 Next sends only the visible fields by code, option types, cardType, product_id; end bank then close', async ({
    page,
    request,
  }) => {
    const sessionId = freshSession('bank-bind');
    await open(page, { productId: 'P-3', sessionId });
    const f = fields(page);
    // Typed while BDO was the channel, then hidden by choosing BPI: it must not be sent (D-25).
    await f.branch.fill('0101');
    await pick(page, 'Bank', 'Bank of the Philippine Islands');
    await f.account.fill('4000-1234 5678 9012');
    await f.routing.fill('010040018');
    await pick(page, 'City', 'Quezon City');
    await pick(page, 'Salary day', '15');

    const bind = page.waitForRequest((r) => new URL(r.url()).pathname === '/nepenthes/bind-card');
    await page.getByRole('button', { name: 'Next' }).click();
    const sent = await bind;
    expect(formBody(sent)).toEqual({
      cardType: '1',
      bankChannel: '90010',
      bankAccount: '4000123456789012',
      routingNumber: '010040018',
      city: 'Quezon City',
      salaryDay: '15',
      product_id: 'P-3',
    });
    await expect
      .poll(async () => (await bridgeLog(page)).map((c) => c.name))
      .toEqual(['startBank', 'endBank', 'closeWebview']);
    await expect(page).toHaveURL(/\/bank\?/);

    // What the server stored: the form comes back prefilled with the new card (read from the API).
    const stored = await api(request, '/nepenthes/bank-card-init', sessionId, { product_id: 'P-3' });
    const values = Object.fromEntries(
      (stored.data.items as { code: string; value: string }[]).map((i) => [i.code, i.value]),
    );
    expect(values).toMatchObject({
      cardType: '1',
      bankChannel: '90010',
      bankAccount: '4000123456789012',
      routingNumber: '010040018',
      city: 'Quezon City',
      salaryDay: '15',
      branchCode: '',
    });
  });

  test('S2.2-10 D-25 an e-wallet sends the wallet fields only', async ({ page }) => {
    await open(page, { product_id: 'P-1', sessionId: freshSession('bank-wallet') });
    const f = fields(page);
    await f.account.fill('123456');
    await page.getByRole('tab', { name: 'E-wallet' }).click();
    await pick(page, 'E-wallet', 'PayMaya');
    await f.walletPhone.fill('09171234567');
    const bind = page.waitForRequest((r) => new URL(r.url()).pathname === '/nepenthes/bind-card');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(formBody(await bind)).toEqual({
      cardType: '2',
      walletType: '2',
      walletPhone: '09171234567',
      city: '',
      salaryDay: '',
      product_id: 'P-1',
    });
    await expect.poll(async () => (await bridgeLog(page)).map((c) => c.name)).toContain('closeWebview');
  });

  test('S2.2-11 S2.2-13 D-27 from loan details: change-card, end bank, back to the order with source=loanDetail', async ({
    page,
  }) => {
    const sessionId = freshSession('bank-change');
    await open(page, { productId: 'P-1', orderId: 'ORD-170', source: 'loanDetail', sessionId });
    const binds = record(page, '/nepenthes/bind-card');
    const f = fields(page);
    await f.account.fill('6222021234561234');
    await f.branch.fill('0202');
    const change = page.waitForRequest((r) => new URL(r.url()).pathname === '/nepenthes/change-card');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(formBody(await change)).toMatchObject({
      cardType: '1',
      bankAccount: '6222021234561234',
      branchCode: '0202',
      product_id: 'P-1',
    });
    await expect(page).toHaveURL(/\/loan\/details\?/);
    const target = new URL(page.url());
    expect(target.searchParams.get('source')).toBe('loanDetail');
    expect(target.searchParams.get('orderId')).toBe('ORD-170');
    expect(target.searchParams.get('sessionId')).toBe(sessionId);
    const names = (await bridgeLog(page)).map((c) => c.name);
    expect(names).not.toContain('closeWebview');
    expect(binds).toHaveLength(0);
  });

  test('S2.2-14 a refused bind shows the server message and neither ends bank nor closes', async ({
    page,
  }) => {
    await open(page, { productId: 'P-1', sessionId: freshSession('bank-refused') });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toasts(page).filter({ hasText: 'Please fill in Account number' })).toBeVisible();
    expect((await bridgeLog(page)).map((c) => c.name)).toEqual(['startBank']);
    // The button works again after the refusal.
    await fields(page).account.fill('1234567890');
    await fields(page).branch.fill('0101');
    const bind = page.waitForRequest((r) => new URL(r.url()).pathname === '/nepenthes/bind-card');
    await page.getByRole('button', { name: 'Next' }).click();
    await bind;
    await expect.poll(async () => (await bridgeLog(page)).map((c) => c.name)).toContain('endBank');
  });

  test('S2.2-10 a Next retried after a network failure binds one card: the retry sends the same Idempotency-Key', async ({
    page,
    request,
  }) => {
    const sessionId = freshSession('bank-retry');
    await open(page, { productId: 'P-1', sessionId });
    await fields(page).account.fill('5000 1111 2222 3333');
    await fields(page).branch.fill('0101');
    // The first bind reaches the server, but its reply is lost on the way back.
    const keys: (string | undefined)[] = [];
    let lost = false;
    await page.route('**/nepenthes/bind-card?*', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('failed');
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toasts(page).filter({ hasText: 'Network error, please try again' })).toBeVisible();
    const replay = page.waitForResponse((r) => new URL(r.url()).pathname === '/nepenthes/bind-card');
    await page.getByRole('button', { name: 'Next' }).click();
    expect((await replay).headers()['idempotent-replayed']).toBe('true');
    await expect.poll(async () => (await bridgeLog(page)).map((c) => c.name)).toContain('endBank');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[a-f0-9]{32}-\d+$/);
    expect(keys[1]).toBe(keys[0]);
    // One card, not two: the borrower's own cards beside the two seeded demo cards.
    const way = await api(request, '/nepenthes/repayment-way', sessionId, { orderId: 'ORD-174' });
    const own = (way.data.bankCards as { cardNo: string }[]).filter((c) => c.cardNo === '**** 3333');
    expect(own).toHaveLength(1);
  });
});
