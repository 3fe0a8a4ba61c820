// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, get, post, postForm, startServer, type TestServer } from './helpers.js';

describe.each(backends)('loan and repayment (v3 family) on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  describe('loan confirm', () => {
    it('answers the confirm data of a product', async () => {
      const { status, body } = await post(s.app, '/v3/loan-confirm/loan-detail-confirm', {
        productId: 'P-1',
      });
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({
        comProductName: 'PesoQuick',
        amount: 500000,
        periods: 91,
        termUnit: '1',
        isPopType: 1,
      });
      expect(body.data.comProductLogo).toBe('/assets-demo/logo-1.svg');
      expect(body.data.details.length).toBeGreaterThan(0);
      expect(body.data.repay_plans[0]).toEqual({
        amount: 522500,
        description: 'Principal and interest',
        pay_time: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      });
      expect(body.data.popAgreementUrl).toMatch(/^\/agreement\?/);
      expect(body.data).not.toHaveProperty('NewButtonMsg');
    });

    it('refuses a disabled product with success false and a message', async () => {
      const { status, body } = await post(s.app, '/v3/loan-confirm/loan-detail-confirm', {
        productId: 'P-3',
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, message: 'This product is not available now' });
    });

    it('answers 404 in the v3 envelope for an unknown product', async () => {
      const { status, body } = await post(s.app, '/v3/loan-confirm/loan-detail-confirm', {
        productId: 'NOPE',
      });
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, message: 'Product not found', data: null });
    });

    it('answers 400 in the v3 envelope for a missing productId', async () => {
      const { status, body } = await post(s.app, '/v3/loan-confirm/loan-detail-confirm', {});
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, message: 'productId is required', data: null });
    });
  });

  describe('agreements', () => {
    it('lists the scene-3 agreements under data.data', async () => {
      const { body } = await get(s.app, '/v3/contract/contract?productId=P-1&scene=3');
      expect(body.success).toBe(true);
      expect(body.data.data.map((a: { title: string }) => a.title)).toEqual([
        'Loan Agreement',
        'Privacy Policy',
        'Authorization for Automatic Debit',
      ]);
    });

    // Issue 16 item 3 (S2.18-05/-06, §7.4): the item is title + identifier; a tap sends its list index.
    it('lists each agreement as title and identifier only', async () => {
      const { body } = await get(s.app, '/v3/contract/contract?productId=P-1&scene=3');
      expect(body.data.data[0]).toEqual({ id: 'AG-LOAN', title: 'Loan Agreement' });
    });

    it('position is the list index of the tapped item, whatever the stored order numbers', async () => {
      await s.app.db
        .insertInto('agreements')
        .values({ id: 'AG-EXTRA', title: 'Extra terms', scene: 3, position: 1, path: '/privacy?extra=1' })
        .execute();
      try {
        const list = await get(s.app, '/v3/contract/contract?productId=P-1&scene=3');
        const titles = list.body.data.data.map((a: { title: string }) => a.title);
        expect(titles).toEqual([
          'Loan Agreement',
          'Extra terms',
          'Privacy Policy',
          'Authorization for Automatic Debit',
        ]);
        const urls = [];
        for (let position = 0; position < titles.length; position++) {
          const jump = await post(s.app, '/v3/contract/contract-jump', {
            productId: 'P-1',
            scene: 3,
            position,
          });
          urls.push(jump.body.data.contract_url);
        }
        expect(urls).toEqual([
          '/agreement?id=AG-LOAN&productId=P-1',
          '/privacy?extra=1&productId=P-1',
          '/privacy?productId=P-1',
          '/agreement?id=AG-DEBIT&productId=P-1',
        ]);
      } finally {
        await s.app.db.deleteFrom('agreements').where('id', '=', 'AG-EXTRA').execute();
      }
    });

    it('jumps to an app-relative agreement address', async () => {
      const { body } = await post(s.app, '/v3/contract/contract-jump', {
        productId: 'P-1',
        scene: 3,
        position: 0,
        orderId: 'ORD-21',
      });
      expect(body.data.contract_url).toBe('/agreement?id=AG-LOAN&productId=P-1&orderId=ORD-21');
    });

    it('rejects a position of the wrong type and an unknown position', async () => {
      expect(
        (await post(s.app, '/v3/contract/contract-jump', { productId: 'P-1', position: 'first' })).body,
      ).toEqual({
        success: false,
        message: 'position must be integer',
        data: null,
      });
      expect(
        (await post(s.app, '/v3/contract/contract-jump', { productId: 'P-1', position: 99 })).status,
      ).toBe(404);
    });
  });

  describe('loan push', () => {
    it('creates an order and returns its app-relative details address', async () => {
      const push = await post(s.app, '/v3/loan-confirm/loan-detail-push?sessionId=push-user', {
        amount: 500000,
        periods: 91,
        termUnit: '1',
        productId: 'P-1',
      });
      expect(push.body.success).toBe(true);
      const url = new URL(push.body.data.lendDetailsUrl, 'http://x');
      expect(url.pathname).toBe('/loan/details');
      const orderId = url.searchParams.get('orderId') ?? '';
      expect(orderId).toMatch(/^ORD-[A-Z2-9]{8}$/);
      expect(url.searchParams.get('productId')).toBe('P-1');
      const details = await post(s.app, '/v3/loan-details/loan-details?sessionId=push-user', {
        orderId,
        productId: 'P-1',
      });
      expect(details.body.data).toMatchObject({
        orderId,
        orderStatus: 110,
        noticeStatusText: 'Under review',
      });
      // Another borrower cannot read it.
      expect(
        (await post(s.app, '/v3/loan-details/loan-details?sessionId=someone-else', { orderId })).status,
      ).toBe(404);
    });

    it('accepts the form-encoded body with numbers as strings', async () => {
      const { body } = await postForm(s.app, '/v3/loan-confirm/loan-detail-push?sessionId=loan-user', {
        amount: '300000',
        periods: '120',
        termUnit: '1',
        productId: 'P-2',
      });
      expect(body.success).toBe(true);
    });

    it('refuses an amount outside the product range and a disabled product', async () => {
      const far = await post(s.app, '/v3/loan-confirm/loan-detail-push?sessionId=loan-user', {
        amount: 1,
        periods: 91,
        termUnit: '1',
        productId: 'P-1',
      });
      expect(far.body).toMatchObject({
        success: false,
        message: 'amount must be between 100000 and 2000000',
      });
      const off = await post(s.app, '/v3/loan-confirm/loan-detail-push?sessionId=loan-user', {
        amount: 200000,
        periods: 180,
        termUnit: '1',
        productId: 'P-3',
      });
      expect(off.body).toMatchObject({ success: false, message: 'This product is not available now' });
    });

    it('rejects missing and mistyped fields with 400', async () => {
      expect(
        (
          await post(s.app, '/v3/loan-confirm/loan-detail-push?sessionId=loan-user', {
            periods: 91,
            termUnit: '1',
            productId: 'P-1',
          })
        ).body.message,
      ).toBe('amount is required');
      const typed = await post(s.app, '/v3/loan-confirm/loan-detail-push?sessionId=loan-user', {
        amount: 'lots',
        periods: 91,
        termUnit: '1',
        productId: 'P-1',
      });
      expect(typed).toEqual({
        status: 400,
        body: { success: false, message: 'amount must be integer', data: null },
      });
    });
  });

  describe('loan details', () => {
    it.each([
      ['ORD-21', 21, '0'],
      ['ORD-110', 110, '0'],
      ['ORD-151', 151, '0'],
      ['ORD-170', 170, '0'],
      ['ORD-174', 174, '0'],
      ['ORD-174-D', 174, '1'],
      ['ORD-180', 180, '0'],
      ['ORD-180-D', 180, '1'],
      ['ORD-200', 200, '0'],
    ])(
      'serves demo order %s (status %i, isDelay %s) with no session parameters',
      async (orderId, status, isDelay) => {
        const { body } = await post(s.app, '/v3/loan-details/loan-details', { orderId });
        expect(body.success).toBe(true);
        expect(body.data).toMatchObject({
          orderId,
          orderStatus: status,
          isDelay,
          telephone: '+63 2 8888 0000',
        });
        expect(body.data.noticeStatusText).not.toBe('');
        expect(body.data.userOrderDetail.detail.length).toBeGreaterThan(0);
        expect(body.data.statusImage).toBe(status === 170 ? '' : `/assets-demo/status-${status}.svg`);
      },
    );

    it('carries the popups and flags the demo promises', async () => {
      const d = async (orderId: string) =>
        (await post(s.app, '/v3/loan-details/loan-details', { orderId })).body.data;
      expect(await d('ORD-21')).toMatchObject({
        reyMsg: expect.any(String),
        playeduL: '/loan/confirm?productId=P-1',
      });
      expect((await d('ORD-170')).cardNeedPop).toBe(1);
      expect((await d('ORD-200')).isScore).toBe('1');
      expect((await d('ORD-174')).KindTipsMsg).not.toBe('');
      expect((await d('ORD-180')).h5Url).toBe('/demo/pay?orderId=ORD-180&source=h5');
      expect((await d('ORD-174-D')).h5Url).toBe('');
      const rec = (await d('ORD-21')).recProducts as Array<{ productId: string; enabled: number }>;
      expect(rec.map((p) => p.productId)).not.toContain('P-1');
      expect(rec.some((p) => p.enabled === 0)).toBe(true);
      expect(rec.some((p) => p.enabled === 1)).toBe(true);
    });

    it('answers 400 without orderId and 404 for an unknown order', async () => {
      expect(await post(s.app, '/v3/loan-details/loan-details', { productId: 'P-1' })).toEqual({
        status: 400,
        body: { success: false, message: 'orderId is required', data: null },
      });
      expect((await post(s.app, '/v3/loan-details/loan-details', { orderId: "' OR 1=1 --" })).status).toBe(
        404,
      );
    });
  });

  describe('rating and events', () => {
    it('records a google score of 1..5 and refuses other values', async () => {
      expect(
        (await post(s.app, '/v3/loan-details/google-score?orderId=ORD-200&sessionId=loan-user', { score: 5 }))
          .body,
      ).toMatchObject({ success: true });
      expect(
        (await post(s.app, '/v3/loan-details/google-score?sessionId=loan-user', { score: 9 })).body,
      ).toEqual({
        success: false,
        message: 'score must be <= 5',
        data: null,
      });
      const rows = await s.app.db
        .selectFrom('events')
        .selectAll()
        .where('kind', '=', 'google-score')
        .execute();
      expect(JSON.parse(rows[0]?.payload_json ?? '{}')).toEqual({ score: 5, orderId: 'ORD-200' });
    });

    it('saves an event and requires its fields', async () => {
      expect(
        (
          await post(s.app, '/service/event/save?sessionId=loan-user', {
            productId: 'P-1',
            moduleId: 30,
            positionId: 0,
          })
        ).body.success,
      ).toBe(true);
      expect(
        (await post(s.app, '/service/event/save?sessionId=loan-user', { productId: 'P-1', moduleId: 30 }))
          .body.message,
      ).toBe('positionId is required');
    });
  });
});
