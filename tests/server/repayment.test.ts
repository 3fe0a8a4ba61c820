// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, post, startServer, type TestServer } from './helpers.js';

describe.each(backends)('repayment (v3 family) on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  it('answers the installment plan with channels and a grouped default pay code', async () => {
    const { body } = await post(s.app, '/v3/installment/loan-play-detail', {
      productId: 'P-2',
      orderId: 'ORD-174',
    });
    expect(body.success).toBe(true);
    const d = body.data;
    expect(d).toMatchObject({ productName: 'CashBuddy', repayAmount: 313500, isShowReyTop: 1 });
    expect(d.repayList[0]).toEqual({
      logo: '/assets-demo/channel-gcash.svg',
      name: 'GCash',
      channel_number: '10001',
    });
    expect(d.defDetail.payCode).toBe('7700174000001');
    expect(d.defDetail.payNotice.GCash[0].steps.length).toBeGreaterThan(1);
    expect(d.defDetail.payNoticeGroups.map((g: { group: string }) => g.group)).toEqual([
      'GCash',
      'Over the counter',
    ]);
  });

  it('has one repayable order without a pay code (defDetail null)', async () => {
    const { body } = await post(s.app, '/v3/installment/loan-play-detail', { orderId: 'ORD-170' });
    expect(body.data.defDetail).toBeNull();
  });

  it('refuses an order with nothing to repay and 404s an unknown one', async () => {
    expect(
      (await post(s.app, '/v3/installment/loan-play-detail', { orderId: 'ORD-110' })).body,
    ).toMatchObject({
      success: false,
      message: 'This order has nothing to repay',
    });
    expect((await post(s.app, '/v3/installment/loan-play-detail', { orderId: 'ORD-X' })).status).toBe(404);
    expect((await post(s.app, '/v3/installment/loan-play-detail', {})).body.message).toBe(
      'orderId is required',
    );
  });

  it('answers delay info and plan for a rollover order only', async () => {
    const { body } = await post(s.app, '/ndustan/imitating', { productId: 'P-1', orderId: 'ORD-174-D' });
    expect(body.data.delayInfo).toEqual({
      title: 'Extension fee',
      delayAmount: 45000,
      nextRepayDate: expect.any(String),
    });
    expect(body.data.repayPlan).toHaveLength(2);
    expect(body.data.repayPlan[0]).toEqual({
      remark: 'Pay now',
      title: 'Extension fee (7 days)',
      amount: 45000,
      time: expect.any(String),
    });
    expect(body.data.repayList.length).toBeGreaterThan(0);
    expect((await post(s.app, '/ndustan/imitating', { orderId: 'ORD-174' })).body).toMatchObject({
      success: false,
      message: 'This order cannot be extended',
    });
  });

  describe('generate-vcode', () => {
    it('returns an app-relative payUrl that the server serves as a page', async () => {
      const { body } = await post(s.app, '/v3/loan-details/generate-vcode?sessionId=repay-user', {
        productId: 'P-2',
        orderId: 'ORD-174',
        amount: 313500,
        channelNumber: '10001',
      });
      expect(body.success).toBe(true);
      expect(body.data.payUrl).toMatch(/^\/demo\/pay\?ref=[a-f0-9]{32}$/);
      const page = await s.app.inject({ method: 'GET', url: body.data.payUrl });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('₱3135.00');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('pays the delay amount on extension (isDelay 1)', async () => {
      const ok = await post(s.app, '/v3/loan-details/generate-vcode?sessionId=repay-user', {
        orderId: 'ORD-174-D',
        amount: 45000,
        isDelay: 1,
        channelNumber: '10003',
      });
      expect(ok.body.success).toBe(true);
      const wrong = await post(s.app, '/v3/loan-details/generate-vcode?sessionId=repay-user', {
        orderId: 'ORD-174-D',
        amount: 522500,
        isDelay: 1,
        channelNumber: '10003',
      });
      expect(wrong.body).toMatchObject({
        success: false,
        message: 'The amount does not match the amount due',
      });
    });

    it('refuses an unknown channel and bad input', async () => {
      expect(
        (
          await post(s.app, '/v3/loan-details/generate-vcode?sessionId=repay-user', {
            orderId: 'ORD-174',
            amount: 313500,
            channelNumber: '999',
          })
        ).body,
      ).toMatchObject({
        success: false,
        message: 'Unknown payment channel',
      });
      expect(
        (
          await post(s.app, '/v3/loan-details/generate-vcode?sessionId=repay-user', {
            orderId: 'ORD-174',
            amount: 313500,
          })
        ).body.message,
      ).toBe('channelNumber is required');
      expect(
        (
          await post(s.app, '/v3/loan-details/generate-vcode?sessionId=repay-user', {
            orderId: 'ORD-174',
            amount: -5,
            channelNumber: '10001',
          })
        ).status,
      ).toBe(400);
    });
  });

  it('serves the h5Url demo page with the order and escapes what it echoes', async () => {
    const page = await s.app.inject({
      method: 'GET',
      url: '/demo/pay?orderId=%3Cscript%3Ealert(1)%3C/script%3E&source=h5',
    });
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;');
  });
});
