// @vitest-environment node
// No page of the product links to a route that does not exist (issue 16 item 9): every address a
// server reply hands out, and every link of the server's own pages, is a route of
// screens/manifest.json or a page the server itself serves. The documents' own links are checked by
// `npm run screens:check` (renderer/validate/crossref.ts, route-ref).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeProblem } from '../../renderer/validate/crossref.js';
import type { ScreensManifest } from '../../renderer/types.gen.js';
import { demoAgreements, demoProducts } from '../../src/server/demo/products.js';
import { backends, get, post, postForm, startServer, type Reply, type TestServer } from './helpers.js';

const manifest = JSON.parse(readFileSync('screens/manifest.json', 'utf8')) as ScreensManifest;
/** Pages the server renders itself: the stand-in for the payment provider (docs/api.md). */
const SERVER_PAGES = ['/demo/pay'];
const ORIGIN = 'http://localhost:80';
const SESSION = '?sessionId=routes-check';

/** Every string in a reply that is an address of this app (app path or same-origin URL). */
function addresses(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    const own = value.startsWith(ORIGIN) ? value.slice(ORIGIN.length) : value;
    if (own.startsWith('/') && !own.startsWith('//')) found.push(own);
  } else if (Array.isArray(value)) value.forEach((v) => addresses(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => addresses(v, found));
  return found;
}

/** Files (logos, uploads, images) are not pages. */
const isFile = (address: string) => /\.[A-Za-z0-9]{2,5}$/.test(address.split(/[?#]/)[0] ?? '');

function problemOf(address: string): string | null {
  const path = address.split(/[?#]/)[0] ?? '';
  if (SERVER_PAGES.includes(path)) return null;
  return routeProblem(address, manifest);
}

describe.each(backends)('every address the server hands out is a page (%s)', (backend) => {
  let s: TestServer;
  const replies: { call: string; body: Reply }[] = [];
  beforeAll(async () => {
    s = await startServer(backend);
    const record = async (call: string, reply: Promise<{ body: Reply }>) =>
      replies.push({ call, body: (await reply).body });
    const orders = await s.app.db.selectFrom('orders').select(['id', 'product_id']).execute();
    for (const o of orders) {
      const body = { orderId: o.id, productId: o.product_id };
      await record(`loan-details ${o.id}`, post(s.app, `/v3/loan-details/loan-details${SESSION}`, body));
      await record(
        `loan-play-detail ${o.id}`,
        post(s.app, `/v3/installment/loan-play-detail${SESSION}`, body),
      );
      await record(`imitating ${o.id}`, post(s.app, `/ndustan/imitating${SESSION}`, body));
    }
    for (const p of demoProducts) {
      const body = { productId: p.id };
      await record(`confirm ${p.id}`, post(s.app, `/v3/loan-confirm/loan-detail-confirm${SESSION}`, body));
      await record(`satire ${p.id}`, post(s.app, `/gopia/goya/satire${SESSION}`, body));
      await record(`define ${p.id}`, post(s.app, `/gopia/goya/define${SESSION}`, { ...body, id: 18 }));
      await record(`apply ${p.id}`, post(s.app, `/v3/product/apply${SESSION}`, body));
      await record(`product ${p.id}`, post(s.app, `/v3/product/detail${SESSION}`, body));
      const quote = { amount: p.amount, periods: p.periods, termUnit: p.termUnit, productId: p.id };
      await record(`push ${p.id}`, post(s.app, `/v3/loan-confirm/loan-detail-push${SESSION}`, quote));
      await record(`depush ${p.id}`, post(s.app, `/gopia/goya/depush${SESSION}`, quote));
    }
    for (let position = 0; position < demoAgreements.length; position++) {
      const body = { productId: 'P-1', scene: 3, position, orderId: 'ORD-21' };
      await record(`contract-jump ${position}`, post(s.app, `/v3/contract/contract-jump${SESSION}`, body));
      await record(
        `misunderstood ${position}`,
        get(s.app, `/gopia/goya/misunderstood${SESSION}&productId=P-1&scene=3&position=${position}`),
      );
    }
    await record('product list', post(s.app, `/v3/product/list${SESSION}`));
    await record('drowns', post(s.app, `/gopia/goya/drowns${SESSION}`));
    await record(
      'generate-vcode',
      post(s.app, `/v3/loan-details/generate-vcode${SESSION}`, {
        productId: 'P-2',
        orderId: 'ORD-174',
        amount: 313500,
        channelNumber: '10001',
      }),
    );
    await record(
      'huichao',
      postForm(s.app, `/nepenthes/repayment-huichao${SESSION}`, {
        userId: 'u1',
        orderId: 'ORD-180',
        amount: 1145000,
      }),
    );
    for (const id of ['1', '2'])
      await record(
        `template ${id}`,
        get(s.app, `/api/v2/youmi/service/channel/channel-template?templateId=${id}`),
      );
  });
  afterAll(async () => s.close());

  it('the calls that hand out addresses answered, and did hand some out', () => {
    const pages = replies.flatMap((r) => addresses(r.body.data).filter((a) => !isFile(a)));
    // lendDetailsUrl, playeduL, h5Url, popAgreementUrl, contract_url, define and apply targets, payUrl, url.
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.some((a) => a.startsWith('/product?'))).toBe(true);
  });

  it('each of them is a route of the manifest (or the demo payment page)', () => {
    const broken = replies.flatMap((r) =>
      addresses(r.body.data)
        .filter((a) => !isFile(a))
        .map((a) => ({ call: r.call, address: a, problem: problemOf(a) }))
        .filter((x) => x.problem !== null),
    );
    expect(broken).toEqual([]);
  });

  it("the server's own pages link only to routes (the demo payment page's way back)", async () => {
    const pay = replies.find((r) => r.call === 'generate-vcode')!.body.data.payUrl as string;
    for (const url of [pay, '/demo/pay?orderId=ORD-180&source=h5']) {
      const html = (await s.app.inject({ method: 'GET', url })).body;
      const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(links.length).toBeGreaterThan(0);
      expect(links.map((l) => ({ l, problem: problemOf(l) })).filter((x) => x.problem)).toEqual([]);
    }
  });
});

describe('the check itself', () => {
  it('catches a reply address that is not a route (e.g. /product before it existed)', () => {
    const without = { ...manifest, routes: manifest.routes.filter((r) => r.path !== '/product') };
    expect(routeProblem('/product?productId=P-1', without)).toMatch(/not a route/);
    expect(problemOf('/demo/pay?ref=x')).toBeNull();
    expect(
      addresses({ a: `${ORIGIN}/product?productId=P-1`, b: ['lender://x', '//evil.example/x'] }),
    ).toEqual(['/product?productId=P-1']);
  });
});
