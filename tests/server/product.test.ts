// @vitest-environment node
// The product page and the recommended list, served from the catalogue (issue 16 item 9; P-31,
// rulings 14, §2.20, §2.21, §7.5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, post, startServer, type TestServer } from './helpers.js';

describe.each(backends)('products (v3 family) on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  it('list: every product of the catalogue in display order, with tags and the enabled flag', async () => {
    const { status, body } = await post(s.app, '/v3/product/list');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const list = body.data.list as Record<string, unknown>[];
    expect(list.map((p) => p.productId)).toEqual(['P-1', 'P-2', 'P-3', 'P-4', 'P-5']);
    expect(list[0]).toEqual({
      productId: 'P-1',
      productLogo: '/assets-demo/logo-1.svg',
      productName: 'PesoQuick',
      buttonText: 'Apply',
      amountRange: '₱1000.00-₱20000.00',
      amountRangeDesc: 'Loan amount',
      loanRate: 'Daily interest rate 0.05%',
      description: 'Cash in 5 minutes',
      productTags: ['Fast', 'Low rate'],
      enabled: 1,
    });
    expect(list.map((p) => p.enabled)).toEqual([1, 1, 0, 1, 0]);
  });

  it('detail: one product, or 404 in the v3 envelope; 400 without productId', async () => {
    const { body } = await post(s.app, '/v3/product/detail', { productId: 'P-4' });
    expect(body.data).toMatchObject({ productName: 'FastPeso', amountRange: '₱2000.00-₱20000.00' });
    expect(await post(s.app, '/v3/product/detail', { productId: 'NOPE' })).toEqual({
      status: 404,
      body: { success: false, message: 'Product not found', data: null },
    });
    expect((await post(s.app, '/v3/product/detail', {})).body.message).toBe('productId is required');
  });

  it('apply (§7.5): an http(s) target for web products, the app scheme for native ones', async () => {
    const web = await post(s.app, '/v3/product/apply?sessionId=apply-user', { productId: 'P-1' });
    expect(web.body.data.target).toBe('http://localhost:80/loan/confirm?productId=P-1');
    const native = await post(s.app, '/v3/product/apply', { productId: 'P-2' });
    expect(native.body.data.target).toBe('pesoquick://product/apply?productId=P-2');
  });

  it('apply refuses a disabled product with a message', async () => {
    expect((await post(s.app, '/v3/product/apply', { productId: 'P-3' })).body).toEqual({
      success: false,
      message: 'This product is not available now',
      data: null,
    });
  });
});
