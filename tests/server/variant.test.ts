// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANT_FIELDS, toVariant } from '../../src/server/variant/fields.js';
import { backends, get, post, startServer, type TestServer } from './helpers.js';

const F = VARIANT_FIELDS;

describe('variant field mapping', () => {
  it('renames nested keys and leaves unknown ones', () => {
    expect(toVariant({ productId: 'P', details: [{ text: 'a', value: 'b' }], NewPopMsg: 'x' })).toEqual({
      [F.productId as string]: 'P',
      [F.details as string]: [{ [F.text as string]: 'a', [F.value as string]: 'b' }],
      NewPopMsg: 'x',
    });
  });

  it('maps every plain name to a distinct word, except deliberate synonyms', () => {
    const synonyms = new Set(['logo', 'name', 'rate']);
    const words = Object.entries(F)
      .filter(([k]) => !synonyms.has(k))
      .map(([, v]) => v);
    expect(new Set(words).size).toBe(words.length);
  });
});

describe.each(backends)('obfuscated variant (/gopia/goya) on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  it('satire answers the confirm data renamed, with NewButtonMsg and NewPopMsg', async () => {
    const { body } = await post(s.app, '/gopia/goya/satire', { productId: 'P-1' });
    expect(body.code).toBe('00');
    expect(body.data[F.comProductName as string]).toBe('PesoQuick');
    expect(body.data[F.amount as string]).toBe(500000);
    expect(body.data.NewButtonMsg).toBe('Get my cash now');
    expect(body.data.NewPopMsg).not.toBe('');
    expect(body.data).not.toHaveProperty('comProductName');
  });

  it('satire refuses a disabled product with a message and 400s a missing productId', async () => {
    expect((await post(s.app, '/gopia/goya/satire', { productId: 'P-5' })).body).toMatchObject({
      code: '403',
      message: 'This product is not available now',
    });
    expect(await post(s.app, '/gopia/goya/satire', {})).toEqual({
      status: 400,
      body: { code: '400', message: 'productId is required', data: null },
    });
  });

  it('cultures and misunderstood give the agreements and the jump', async () => {
    const list = await get(s.app, '/gopia/goya/cultures?productId=P-1&scene=3');
    expect(list.body.data[0]).toEqual({
      [F.id as string]: 'AG-LOAN',
      [F.title as string]: 'Loan Agreement',
    });
    const jump = await get(s.app, '/gopia/goya/misunderstood?productId=P-1&scene=3&position=1');
    expect(jump.body.data[F.contract_url as string]).toBe('/privacy?productId=P-1');
    expect((await get(s.app, '/gopia/goya/misunderstood?productId=P-1&position=x')).body).toMatchObject({
      code: '400',
      message: 'position must be integer',
    });
  });

  it('depush creates an order', async () => {
    const { body } = await post(s.app, '/gopia/goya/depush?sessionId=variant-user', {
      amount: 500000,
      periods: 91,
      termUnit: '1',
      productId: 'P-1',
    });
    expect(body.code).toBe('00');
    expect(body.data[F.lendDetailsUrl as string]).toMatch(
      /^\/loan\/details\?orderId=ORD-[A-Z2-9]{8}&productId=P-1$/,
    );
  });

  it('drowns lists products with tags and a disabled one', async () => {
    const { body } = await post(s.app, '/gopia/goya/drowns');
    expect(body.data[F.noticeMessage as string]).not.toBe('');
    const list = body.data[F.list as string] as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.some((p) => p[F.enabled as string] === 0)).toBe(true);
    expect(list[0]?.[F.tags as string]).toEqual(['Fast', 'Low rate']);
  });

  it('define answers an http address or an app scheme, and refuses disabled products', async () => {
    const http = await s.app.inject({
      method: 'POST',
      url: '/gopia/goya/define',
      payload: { productId: 'P-1', id: 18 },
      headers: { host: '127.0.0.1:8787' },
    });
    expect(http.json()).toMatchObject({ code: '00', data: 'http://127.0.0.1:8787/product?productId=P-1' });
    expect((await post(s.app, '/gopia/goya/define', { productId: 'P-2', id: 18 })).body.data).toBe(
      'pesoquick://product/detail?productId=P-2',
    );
    expect((await post(s.app, '/gopia/goya/define', { productId: 'P-3' })).body).toMatchObject({
      code: '403',
    });
    expect((await post(s.app, '/gopia/goya/define', {})).body).toMatchObject({
      code: '400',
      message: 'productId is required',
    });
  });

  it('because logs the click', async () => {
    expect(
      (
        await post(s.app, '/gopia/goya/because?sessionId=variant-user', {
          productId: 'P-1',
          id: 18,
          position: 2,
        })
      ).body.code,
    ).toBe('00');
    const rows = await s.app.db
      .selectFrom('events')
      .select('payload_json')
      .where('kind', '=', 'variant-click')
      .execute();
    expect(JSON.parse(rows[0]?.payload_json ?? '{}')).toEqual({ productId: 'P-1', id: 18, position: 2 });
  });
});
