// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, get, postForm, startServer, type TestServer } from './helpers.js';

describe.each(backends)('legacy repayment (codes 0 / 800005 / 800006) on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  async function way(orderId = 'ORD-174', session = 'legacy') {
    const { body } = await postForm(s.app, `/nepenthes/repayment-way?sessionId=${session}`, { orderId });
    expect(body.code).toBe(0);
    return body.data as {
      repayToken: string;
      repayAmount: number;
      alipay: string;
      bankCards: Array<{ id: number; bankName: string; cardNo: string; bankCode: string }>;
    };
  }

  const commit = (fields: Record<string, string | number>, session = 'legacy') =>
    postForm(s.app, `/nepenthes/repayment-commit?sessionId=${session}`, {
      bankName: 'BDO',
      cardNo: '****',
      couponId: '',
      bankCode: '90006',
      ...fields,
    });

  it('repayment-way answers a token, the amount and the masked cards', async () => {
    const data = await way();
    expect(data.repayToken).toMatch(/^[a-f0-9]{32}$/);
    expect(data.repayAmount).toBe(313500);
    expect(data.bankCards.map((c) => c.cardNo)).toEqual(['**** 5678', '**** 1234']);
  });

  it('commit with sendMsg 1 needs a code: wrong 800006, right 0, again 800005', async () => {
    const { repayToken, bankCards } = await way();
    const c = await commit({
      amount: 313500,
      cardId: bankCards[0]?.id ?? 0,
      orderId: 'ORD-174',
      repayToken,
      sendMsg: 1,
    });
    expect(c.body).toMatchObject({ code: 0, data: { needValid: 1, repayRecordId: expect.any(Number) } });
    const repaymentRecordId = c.body.data.repayRecordId as number;
    const dev = await get(s.app, '/dev/verify-code?orderId=ORD-174');
    expect(dev.body.data).toMatchObject({
      repaymentRecordId,
      verifyCode: expect.stringMatching(/^\d{6}$/),
      status: 'pending',
    });
    const right = dev.body.data.verifyCode as string;
    const wrong = right === '000000' ? '111111' : '000000';
    expect(
      (
        await postForm(s.app, '/nepenthes/repayment-confirm?sessionId=legacy', {
          orderId: 'ORD-174',
          verifyCode: wrong,
          repaymentRecordId,
        })
      ).body,
    ).toEqual({
      code: 800006,
      message: '验证码错误',
      data: null,
    });
    expect(
      (
        await postForm(s.app, '/nepenthes/repayment-confirm?sessionId=legacy', {
          orderId: 'ORD-174',
          verifyCode: right,
          repaymentRecordId,
        })
      ).body.code,
    ).toBe(0);
    expect(
      (
        await postForm(s.app, '/nepenthes/repayment-confirm?sessionId=legacy', {
          orderId: 'ORD-174',
          verifyCode: right,
          repaymentRecordId,
        })
      ).body.code,
    ).toBe(800005);
  });

  it('a second commit with the same order and token answers 800005', async () => {
    const { repayToken, bankCards } = await way('ORD-180');
    const fields = {
      amount: 1000,
      cardId: bankCards[1]?.id ?? 0,
      orderId: 'ORD-180',
      repayToken,
      sendMsg: 0,
    };
    const first = await commit(fields);
    expect(first.body).toMatchObject({ code: 0, data: { needValid: 0 } });
    expect((await commit(fields)).body).toEqual({ code: 800005, message: '请勿重复提交还款', data: null });
    // Even with another card or amount: the token is spent.
    expect((await commit({ ...fields, amount: 2000, cardId: bankCards[0]?.id ?? 0 })).body.code).toBe(800005);
    // A fresh token pays again.
    const next = await way('ORD-180');
    expect((await commit({ ...fields, repayToken: next.repayToken })).body.code).toBe(0);
  });

  it('locks the record after five wrong codes', async () => {
    const { repayToken, bankCards } = await way('ORD-180-D');
    const c = await commit({
      amount: 100,
      cardId: bankCards[0]?.id ?? 0,
      orderId: 'ORD-180-D',
      repayToken,
      sendMsg: 1,
    });
    const repaymentRecordId = c.body.data.repayRecordId as number;
    const right = (await get(s.app, '/dev/verify-code?orderId=ORD-180-D')).body.data.verifyCode as string;
    for (let i = 0; i < 5; i++) {
      await postForm(s.app, '/nepenthes/repayment-confirm?sessionId=legacy', {
        orderId: 'ORD-180-D',
        verifyCode: 'x',
        repaymentRecordId,
      });
    }
    expect(
      (
        await postForm(s.app, '/nepenthes/repayment-confirm?sessionId=legacy', {
          orderId: 'ORD-180-D',
          verifyCode: right,
          repaymentRecordId,
        })
      ).body.code,
    ).toBe(800008);
  });

  it('refuses a foreign token, an unknown card, an amount over the due amount', async () => {
    const { repayToken, bankCards } = await way('ORD-170');
    const card = bankCards[0]?.id ?? 0;
    expect(
      (await commit({ amount: 1, cardId: card, orderId: 'ORD-170', repayToken: 'f'.repeat(32) })).body.code,
    ).toBe(800002);
    expect(
      (await commit({ amount: 1, cardId: card, orderId: 'ORD-170', repayToken }, 'other-session')).body.code,
    ).toBe(800002);
    expect((await commit({ amount: 1, cardId: 99999, orderId: 'ORD-170', repayToken })).body).toEqual({
      code: 800003,
      message: '请先选择银行卡',
      data: null,
    });
    expect((await commit({ amount: 99999999, cardId: card, orderId: 'ORD-170', repayToken })).body.code).toBe(
      800007,
    );
  });

  it('refuses orders with nothing to repay and unknown orders and records', async () => {
    expect((await postForm(s.app, '/nepenthes/repayment-way', { orderId: 'ORD-200' })).body.code).toBe(
      800001,
    );
    expect((await postForm(s.app, '/nepenthes/repayment-way', { orderId: 'ORD-NONE' })).status).toBe(404);
    expect(
      (
        await postForm(s.app, '/nepenthes/repayment-confirm?sessionId=legacy', {
          orderId: 'ORD-174',
          verifyCode: '123456',
          repaymentRecordId: 4242,
        })
      ).body.code,
    ).toBe(800004);
  });

  it('400s missing and mistyped fields in the legacy envelope', async () => {
    expect((await commit({ amount: 1, cardId: 1, orderId: 'ORD-174' })).body).toEqual({
      code: '400',
      message: 'repayToken is required',
      data: null,
    });
    expect(
      (await commit({ amount: 'ten', cardId: 1, orderId: 'ORD-174', repayToken: 'x' })).body.message,
    ).toBe('amount must be integer');
    expect(
      (
        await postForm(s.app, '/nepenthes/repayment-confirm?sessionId=legacy', {
          orderId: 'ORD-174',
          repaymentRecordId: 1,
        })
      ).body.message,
    ).toBe('verifyCode is required');
  });

  it('huichao answers a url to the demo payment page', async () => {
    const { body } = await postForm(s.app, '/nepenthes/repayment-huichao?sessionId=legacy-huichao', {
      userId: 'u1',
      orderId: 'ORD-174',
      amount: 313500,
    });
    expect(body.code).toBe(0);
    expect(body.data.url).toMatch(/^\/demo\/pay\?ref=[a-f0-9]{32}$/);
    expect((await s.app.inject({ method: 'GET', url: body.data.url })).statusCode).toBe(200);
    expect(
      (await postForm(s.app, '/nepenthes/repayment-huichao?sessionId=legacy-huichao', { orderId: 'ORD-174' }))
        .body.message,
    ).toBe('amount is required');
  });
});
