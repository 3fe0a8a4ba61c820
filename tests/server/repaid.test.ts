// @vitest-environment node
// A repaid order looks repaid (issue 29 §2): after repayments every reply shows what is left to
// pay, a pay code finishes a part-paid order, and an order repaid in full is settled (spec §4:
// status 200, Borrow Again) on every reply that shows it. Money is read back from the database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, form, startServer, type Reply, type TestServer } from './helpers.js';

const DUE_174 = 313500;
const DUE_174_D = 522500;

async function call(
  app: FastifyInstance,
  url: string,
  body: Record<string, string | number>,
  asForm = false,
) {
  const res = await app.inject({ method: 'POST', url, ...(asForm ? form(body) : { payload: body }) });
  return res.json() as Reply;
}

/** A card repayment sent without a code step (sendMsg 0): it counts as repaid at once. */
async function repayByCard(app: FastifyInstance, session: string, orderId: string, amount: number) {
  const way = await call(app, `/nepenthes/repayment-way?sessionId=${session}`, { orderId }, true);
  expect(way.code, JSON.stringify(way)).toBe(0);
  const commit = await call(
    app,
    `/nepenthes/repayment-commit?sessionId=${session}`,
    { amount, cardId: way.data.bankCards[0].id, orderId, repayToken: way.data.repayToken, sendMsg: 0 },
    true,
  );
  expect(commit.code, JSON.stringify(commit)).toBe(0);
}

const details = (app: FastifyInstance, session: string, orderId: string) =>
  call(app, `/v3/loan-details/loan-details?sessionId=${session}`, { orderId });
const plan = (app: FastifyInstance, session: string, orderId: string) =>
  call(app, `/v3/installment/loan-play-detail?sessionId=${session}`, { orderId });
const vcode = (app: FastifyInstance, session: string, body: Record<string, string | number>) =>
  call(app, `/v3/loan-details/generate-vcode?sessionId=${session}`, body);

const rows = (reply: Reply): Array<{ text: string; value: string }> =>
  reply.data.userOrderDetail?.detail ?? reply.data.detail;

describe.each(backends)('a repaid order on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  async function payRequests(session: string, orderId: string) {
    return s.app.db
      .selectFrom('pay_requests')
      .select(['amount', 'is_delay'])
      .where('borrower_id', '=', session)
      .where('order_id', '=', orderId)
      .execute();
  }

  it('after a partial repayment every reply shows what is left, and a pay code for the rest is accepted', async () => {
    const session = 'part-paid';
    await repayByCard(s.app, session, 'ORD-174', 100000);
    const left = DUE_174 - 100000;

    const loan = await details(s.app, session, 'ORD-174');
    expect(loan.data.orderStatus).toBe(174);
    expect(rows(loan)).toEqual(
      expect.arrayContaining([
        { text: 'Repaid', value: '₱1000.00' },
        { text: 'Left to pay', value: '₱2135.00' },
      ]),
    );
    const installment = await plan(s.app, session, 'ORD-174');
    expect(installment.data.repayAmount).toBe(left);
    expect(rows(installment)).toContainEqual({ text: 'Left to pay', value: '₱2135.00' });

    // The plan's full amount is no longer what is due; what is left is.
    const full = await vcode(s.app, session, { orderId: 'ORD-174', amount: DUE_174, channelNumber: '10001' });
    expect(full).toMatchObject({ success: false, message: 'The amount does not match the amount due' });
    const rest = await vcode(s.app, session, { orderId: 'ORD-174', amount: left, channelNumber: '10001' });
    expect(rest.success, JSON.stringify(rest)).toBe(true);
    expect(rest.data.payUrl).toMatch(/^\/demo\/pay\?ref=/);
    expect(await payRequests(session, 'ORD-174')).toEqual([{ amount: left, is_delay: 0 }]);

    // Another borrower's view of the shared demo order is their own.
    expect((await plan(s.app, 'someone-else', 'ORD-174')).data.repayAmount).toBe(DUE_174);
  });

  it('after a partial repayment the extension shows the balance left and its fee is still accepted', async () => {
    const session = 'part-paid-delay';
    await repayByCard(s.app, session, 'ORD-174-D', 200000);
    const delay = await call(s.app, `/ndustan/imitating?sessionId=${session}`, { orderId: 'ORD-174-D' });
    expect(delay.data.repayAmount).toBe(DUE_174_D - 200000);
    expect(delay.data.repayPlan[1]).toMatchObject({ title: 'Remaining balance', amount: DUE_174_D - 200000 });
    const fee = await vcode(s.app, session, {
      orderId: 'ORD-174-D',
      amount: 45000,
      isDelay: 1,
      channelNumber: '10002',
    });
    expect(fee.success, JSON.stringify(fee)).toBe(true);
    expect(await payRequests(session, 'ORD-174-D')).toEqual([{ amount: 45000, is_delay: 1 }]);
  });

  it('after a full repayment every reply shows the order settled, with nothing to pay or extend', async () => {
    const session = 'fully-paid';
    await repayByCard(s.app, session, 'ORD-174-D', 300000);
    await repayByCard(s.app, session, 'ORD-174-D', DUE_174_D - 300000);

    const loan = await details(s.app, session, 'ORD-174-D');
    expect(loan.data).toMatchObject({
      orderStatus: 200,
      statusImage: '/assets-demo/status-200.svg',
      noticeStatusText: 'Settled',
      isDelay: '0',
      h5Url: '',
      KindTipsMsg: '',
    });
    expect(rows(loan)).toEqual(
      expect.arrayContaining([
        { text: 'Repaid', value: '₱5225.00' },
        { text: 'Left to pay', value: '₱0.00' },
      ]),
    );
    expect((await plan(s.app, session, 'ORD-174-D')).data.repayAmount).toBe(0);
    expect(
      await call(s.app, `/ndustan/imitating?sessionId=${session}`, { orderId: 'ORD-174-D' }),
    ).toMatchObject({
      success: false,
      message: 'This order is fully repaid: there is nothing to extend.',
    });
    for (const body of [
      { orderId: 'ORD-174-D', amount: 1, channelNumber: '10001' },
      { orderId: 'ORD-174-D', amount: DUE_174_D, channelNumber: '10001' },
    ])
      expect(await vcode(s.app, session, body)).toMatchObject({
        success: false,
        message: 'This order is fully repaid: there is nothing left to repay.',
      });
    expect(
      await vcode(s.app, session, {
        orderId: 'ORD-174-D',
        amount: 45000,
        isDelay: 1,
        channelNumber: '10001',
      }),
    ).toMatchObject({ success: false, message: 'This order is fully repaid: there is nothing to extend.' });
    expect(await payRequests(session, 'ORD-174-D')).toEqual([]);
    // The card page: nothing to repay (800001).
    const way = await call(
      s.app,
      `/nepenthes/repayment-way?sessionId=${session}`,
      { orderId: 'ORD-174-D' },
      true,
    );
    expect(way.code).toBe(800001);
    // The complaint screens' order card.
    const init = await call(s.app, `/nepenthes/problem-init?sessionId=${session}`, { orderId: 'ORD-174-D' });
    expect(init.data.orderDetail).toMatchObject({ orderNo: 'ORD-174-D', status: 'Settled' });
    expect(init.data.orderList.find((o: Reply) => o.orderNo === 'ORD-174-D')).toMatchObject({
      status: 'Settled',
    });
    // What the database holds: exactly the plan's total, repaid.
    const repaid = await s.app.db
      .selectFrom('legacy_repayments')
      .select(['amount', 'status'])
      .where('borrower_id', '=', session)
      .where('order_id', '=', 'ORD-174-D')
      .execute();
    expect(repaid.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(DUE_174_D);
  });

  it('a repayment awaiting its code is not repaid yet: the amount left does not change', async () => {
    const session = 'awaiting-code';
    const way = await call(
      s.app,
      `/nepenthes/repayment-way?sessionId=${session}`,
      { orderId: 'ORD-170' },
      true,
    );
    const commit = await call(
      s.app,
      `/nepenthes/repayment-commit?sessionId=${session}`,
      {
        amount: 1000,
        cardId: way.data.bankCards[0].id,
        orderId: 'ORD-170',
        repayToken: way.data.repayToken,
        sendMsg: 1,
      },
      true,
    );
    expect(commit.data.needValid).toBe(1);
    expect((await plan(s.app, session, 'ORD-170')).data.repayAmount).toBe(522500);
    expect(rows(await details(s.app, session, 'ORD-170')).map((r) => r.text)).not.toContain('Repaid');
  });
});
