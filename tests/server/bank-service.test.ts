// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE, backends, postForm, startServer, type TestServer } from './helpers.js';

interface Item {
  code: string;
  cate: string;
  value: string;
  note: Array<{ name: string; type: string }>;
  cardTypeMi: number;
  channelNumber: string;
  inputType: string;
}

describe.each(backends)('bank binding and customer service (nepenthes family, code 0) on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  it('serves the form items of D-24..D-26', async () => {
    const { body } = await postForm(s.app, '/nepenthes/bank-card-init?sessionId=new-user', {
      product_id: 'P-1',
    });
    expect(body.code).toBe(0);
    const items = body.data.items as Item[];
    const byCode = Object.fromEntries(items.map((i) => [i.code, i]));
    expect(byCode.cardType?.note.map((o) => o.type)).toEqual(['1', '2']);
    expect(byCode.cardType?.value).toBe('1');
    expect(new Set(items.map((i) => i.cate))).toEqual(new Set(['enum', 'text', 'city', 'day']));
    expect(byCode.branchCode).toMatchObject({ cardTypeMi: 1, channelNumber: '90006' });
    expect(byCode.routingNumber).toMatchObject({ cardTypeMi: 1, channelNumber: '90010' });
    expect(byCode.walletPhone).toMatchObject({ cardTypeMi: 2, inputType: 'phone' });
    expect(byCode.bankAccount?.value).toBe('');
  });

  it('binds a bank account on the default channel 90006 and prefills the form with it next time', async () => {
    const bind = await postForm(s.app, '/nepenthes/bind-card?sessionId=binder', {
      cardType: '1',
      bankAccount: '1234567890',
      branchCode: '0202',
      city: 'Cebu City',
      salaryDay: '15',
      product_id: 'P-1',
    });
    expect(bind.body).toMatchObject({ code: 0, data: { success: true, cardId: expect.any(Number) } });
    const form = await postForm(s.app, '/nepenthes/bank-card-init?sessionId=binder', { product_id: 'P-1' });
    const values = Object.fromEntries((form.body.data.items as Item[]).map((i) => [i.code, i.value]));
    expect(values).toMatchObject({
      bankAccount: '1234567890',
      bankChannel: '90006',
      branchCode: '0202',
      city: 'Cebu City',
    });
    // The bound card is offered by the legacy repayment flow.
    const way = await postForm(s.app, '/nepenthes/repayment-way?sessionId=binder', { orderId: 'ORD-174' });
    expect(way.body.data.bankCards.some((c: { cardNo: string }) => c.cardNo === '**** 7890')).toBe(true);
  });

  it('requires the channel-specific field of the chosen channel only', async () => {
    const bpiMissing = await postForm(s.app, '/nepenthes/bind-card?sessionId=bank-user', {
      cardType: '1',
      bankChannel: '90010',
      bankAccount: '1234',
    });
    expect(bpiMissing.body).toEqual({ code: 1001, message: 'Please fill in BPI routing number', data: null });
    const bpi = await postForm(s.app, '/nepenthes/bind-card?sessionId=bank-user', {
      cardType: '1',
      bankChannel: '90010',
      bankAccount: '1234',
      routingNumber: '010040018',
    });
    expect(bpi.body.code).toBe(0);
  });

  it('binds an e-wallet (card type 2) and changes a card through change-card', async () => {
    const wallet = await postForm(s.app, '/nepenthes/change-card?sessionId=w', {
      cardType: '2',
      walletType: '1',
      walletPhone: '09171234567',
    });
    expect(wallet.body).toMatchObject({ code: 0, message: 'Card changed' });
    const row = await s.app.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('borrower_id', '=', 'w')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ card_type: 2, bank_name: 'GCash', card_no: '09171234567', is_change: 1 });
  });

  it('refuses bad values with code 1001 and a message', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ cardType: '3' }, 'Please choose the account type'],
      [{ cardType: '1', bankAccount: '12ab' }, 'Account number must contain digits only'],
      [{ cardType: '1', bankChannel: '1', bankAccount: '12' }, 'Please choose Bank'],
      [
        { cardType: '2', walletType: '1', walletPhone: '0917', salaryDay: '32' },
        'Salary day must be a day from 1 to 31',
      ],
      [{ cardType: '2', walletType: '1', walletPhone: '0917', city: 'Atlantis' }, 'Please choose City'],
      [
        { cardType: '1', bankAccount: HOSTILE[0] as string, branchCode: '1' },
        'Account number must contain digits only',
      ],
    ];
    for (const [fields, message] of cases) {
      expect((await postForm(s.app, '/nepenthes/bind-card?sessionId=bank-user', fields)).body).toEqual({
        code: 1001,
        message,
        data: null,
      });
    }
    expect(await postForm(s.app, '/nepenthes/bind-card?sessionId=bank-user', { bankAccount: '1' })).toEqual({
      status: 400,
      body: { code: '400', message: 'cardType is required', data: null },
    });
  });

  it('answers the customer-service contact and requires overall', async () => {
    const { body } = await postForm(s.app, '/nepenthes/contact-kf-info', { overall: 30 });
    expect(body).toEqual({
      code: 0,
      message: 'success',
      data: { email: 'support@pesoquick.example', smWa: '+63 917 555 0123' },
    });
    expect((await postForm(s.app, '/nepenthes/contact-kf-info')).body).toEqual({
      code: '400',
      message: 'overall is required',
      data: null,
    });
    expect((await postForm(s.app, '/nepenthes/contact-kf-info', { overall: 'thirty' })).body.message).toBe(
      'overall must be integer',
    );
  });

  it('answers unknown nepenthes paths with 404 in the family envelope', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/nepenthes/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404' });
  });
});
