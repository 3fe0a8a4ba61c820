// @vitest-environment node
// Identity (issue 20 §1, issue 16 item 11; P-06, S2.3-09): no write without a session, no borrower
// data without one in production mode, nothing written under one session visible to another, the
// seeded demo data readable in demo mode only, and card numbers masked in every reply but one.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, backends, multipart, startServer, type Reply, type TestServer } from './helpers.js';

interface Call {
  url: string;
  body: Record<string, string | number>;
  json?: boolean;
}

/** Every borrower write, with a body that would be accepted with a session. */
const WRITES: Call[] = [
  {
    url: '/nepenthes/bind-card',
    body: { cardType: '1', bankAccount: '5555000011112222', branchCode: '0202', city: 'Cebu City' },
  },
  {
    url: '/nepenthes/change-card',
    body: { cardType: '1', bankAccount: '5555000011112222', branchCode: '0202', city: 'Cebu City' },
  },
  { url: '/nepenthes/problem-save', body: { problemType: 2, problemDetail: 'no session here' } },
  { url: '/nepenthes/save-score', body: { score: 4, problemId: 1 } },
  {
    url: '/nepenthes/repayment-commit',
    body: { amount: 100, cardId: 1, orderId: 'ORD-174', repayToken: 'x' },
  },
  {
    url: '/nepenthes/repayment-confirm',
    body: { orderId: 'ORD-174', verifyCode: '123456', repaymentRecordId: 1 },
  },
  { url: '/nepenthes/repayment-huichao', body: { orderId: 'ORD-174', amount: 313500 } },
  {
    url: '/v3/loan-details/generate-vcode',
    body: { orderId: 'ORD-174', amount: 313500, channelNumber: '10001' },
    json: true,
  },
  {
    url: '/v3/loan-confirm/loan-detail-push',
    body: { amount: 500000, periods: 91, termUnit: '1', productId: 'P-1' },
    json: true,
  },
  {
    url: '/gopia/goya/depush',
    body: { amount: 300000, periods: 120, termUnit: '1', productId: 'P-2' },
    json: true,
  },
  { url: '/v3/loan-details/google-score', body: { score: 5, orderId: 'ORD-200' }, json: true },
  { url: '/service/event/save', body: { productId: 'P-1', moduleId: 30, positionId: 0 }, json: true },
  { url: '/gopia/goya/because', body: { productId: 'P-1', id: 18, position: 1 }, json: true },
];

/** Borrower reads: the demo fallback answers them in demo mode, nothing does in production mode. */
const READS: Call[] = [
  { url: '/v3/loan-details/loan-details', body: { orderId: 'ORD-174', productId: 'P-2' }, json: true },
  { url: '/v3/installment/loan-play-detail', body: { orderId: 'ORD-174', productId: 'P-2' }, json: true },
  { url: '/ndustan/imitating', body: { orderId: 'ORD-174-D', productId: 'P-1' }, json: true },
  { url: '/nepenthes/repayment-way', body: { orderId: 'ORD-174' } },
  { url: '/nepenthes/bank-card-init', body: { product_id: 'P-1' } },
];

/** The complaint calls: a session is needed in every mode (issue 16 item 11). */
const COMPLAINT_READS: Call[] = [
  { url: '/nepenthes/problem-init', body: { orderId: 'ORD-21' } },
  { url: '/nepenthes/problem-list', body: {} },
  { url: '/nepenthes/problem-detail', body: { problemId: 1 } },
];

async function send(app: FastifyInstance, call: Call, session?: string) {
  const url = session === undefined ? call.url : `${call.url}?sessionId=${encodeURIComponent(session)}`;
  const res = call.json
    ? await app.inject({ method: 'POST', url, payload: call.body })
    : await app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(Object.entries(call.body).map(([k, v]) => [k, String(v)])).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
  return { status: res.statusCode, body: res.json() as Reply };
}

/** The refusal: 401, the family's envelope, a sentence about the session, and never any data. */
function expectNoSession(call: Call, reply: { status: number; body: Reply }) {
  expect(reply.status, call.url).toBe(401);
  expect(reply.body.data, call.url).toBeNull();
  expect(reply.body.message, call.url).toMatch(/session/i);
  if (call.json && !call.url.startsWith('/gopia/')) expect(reply.body.success, call.url).toBe(false);
  else expect(reply.body.code, call.url).toBe('401');
}

/** Rows of the tables a borrower write could touch. */
async function counts(app: FastifyInstance) {
  const n = async (t: 'bank_cards' | 'complaints' | 'orders' | 'pay_requests' | 'events' | 'uploads') =>
    Number(
      (
        await app.db
          .selectFrom(t)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    cards: await n('bank_cards'),
    complaints: await n('complaints'),
    orders: await n('orders'),
    pays: await n('pay_requests'),
    events: await n('events'),
    uploads: await n('uploads'),
  };
}

describe.each(backends)('identity in demo mode (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  it('P-06 no write is accepted without a session: 401 in the family envelope, nothing stored', async () => {
    const before = await counts(s.app);
    for (const call of WRITES) expectNoSession(call, await send(s.app, call));
    for (const empty of ['', '%20%20']) {
      expectNoSession(
        WRITES[0]!,
        await send(s.app, { ...WRITES[0]!, url: `${WRITES[0]!.url}?sessionId=${empty}` }),
      );
    }
    const up = await s.app.inject({
      method: 'POST',
      url: '/nepenthes/upload-problem-image',
      ...multipart('problemImage', 'a.png', PNG_1PX, 'image/png'),
    });
    expectNoSession(
      { url: '/nepenthes/upload-problem-image', body: {} },
      { status: up.statusCode, body: up.json() },
    );
    expect(await counts(s.app)).toEqual(before);
  });

  it('S2.3-09 the complaint calls refuse a request without a session, never the demo complaints', async () => {
    for (const call of COMPLAINT_READS) {
      const reply = await send(s.app, call);
      expectNoSession(call, reply);
      expect(JSON.stringify(reply.body)).not.toMatch(/PesoQuick|orderList|tabs/);
    }
  });

  it('reads without a session keep the documented demo fallback (the seeded demo data)', async () => {
    for (const call of READS) {
      const reply = await send(s.app, call);
      expect(reply.status, call.url).toBe(200);
      expect(reply.body.code ?? reply.body.success, call.url).not.toBe(false);
    }
    // Without a session no repay token is issued: nothing is written for an anonymous caller.
    const way = await send(s.app, READS[3]!);
    expect(way.body.data.repayToken).toBe('');
  });

  it('a card bound under one session is never shown to another, nor offered for its repayments', async () => {
    const number = '9876543210123456';
    const bound = await send(
      s.app,
      { ...WRITES[0]!, body: { ...WRITES[0]!.body, bankAccount: number } },
      'owner-a',
    );
    expect(bound.body.code).toBe(0);
    const cardId = bound.body.data.cardId as number;

    const other = await send(s.app, READS[3]!, 'other-b');
    expect(other.body.data.bankCards.map((c: { id: number }) => c.id)).not.toContain(cardId);
    const anonymous = await send(s.app, READS[3]!);
    expect(anonymous.body.data.bankCards.map((c: { id: number }) => c.id)).not.toContain(cardId);
    for (const session of ['other-b', undefined]) {
      const form = await send(s.app, READS[4]!, session);
      expect(JSON.stringify(form.body)).not.toContain(number);
    }
    // The other borrower cannot pay from it either.
    const token = other.body.data.repayToken as string;
    const pay = await send(
      s.app,
      {
        url: '/nepenthes/repayment-commit',
        body: { amount: 100, cardId, orderId: 'ORD-174', repayToken: token },
      },
      'other-b',
    );
    expect(pay.body.code).toBe(800003);
  });

  it('orders and complaints written under one session are invisible to another and to no session', async () => {
    const push = await send(s.app, WRITES[8]!, 'owner-c');
    expect(push.body.success).toBe(true);
    const orderId = push.body.data.orderId as string;
    const details = { url: '/v3/loan-details/loan-details', body: { orderId }, json: true };
    expect((await send(s.app, details, 'owner-c')).status).toBe(200);
    expect((await send(s.app, details, 'other-d')).status).toBe(404);
    expect((await send(s.app, details)).status).toBe(404);

    const saved = await send(s.app, WRITES[2]!, 'owner-c');
    expect(saved.body.code).toBe('00');
    const problemId = saved.body.data.problemId as number;
    const detail = { url: '/nepenthes/problem-detail', body: { problemId } };
    expect((await send(s.app, detail, 'owner-c')).body.code).toBe('00');
    expect((await send(s.app, detail, 'other-d')).status).toBe(404);
    const init = await send(s.app, COMPLAINT_READS[0]!, 'other-d');
    expect(JSON.stringify(init.body)).not.toContain(orderId);
  });

  it('the seeded demo account is read-only: what it would write could be seen by everyone', async () => {
    const before = await counts(s.app);
    for (const call of [WRITES[0]!, WRITES[2]!, WRITES[8]!]) {
      const reply = await send(s.app, call, 'demo');
      expect(reply.status, call.url).toBe(403);
      expect(reply.body.data, call.url).toBeNull();
    }
    expect(await counts(s.app)).toEqual(before);
    // It still reads its seeded complaints (the demo of the complaint list).
    const list = await send(s.app, COMPLAINT_READS[1]!, 'demo');
    expect(list.body.data.tabs[0].list.length).toBeGreaterThanOrEqual(3);
  });

  it('a card number is masked in every reply but the owner’s own bank form (D-27)', async () => {
    const number = '4444333322221111';
    await send(s.app, { ...WRITES[0]!, body: { ...WRITES[0]!.body, bankAccount: number } }, 'masked-e');
    const replies: Array<[string, Reply]> = [];
    for (const call of [...READS, ...COMPLAINT_READS])
      replies.push([call.url, (await send(s.app, call, 'masked-e')).body]);
    const withNumber = replies
      .filter(([, body]) => JSON.stringify(body).includes(number))
      .map(([url]) => url);
    expect(withNumber).toEqual(['/nepenthes/bank-card-init']);
    const way = replies.find(([url]) => url === '/nepenthes/repayment-way')![1];
    expect(way.data.bankCards.map((c: { cardNo: string }) => c.cardNo)).toContain('**** 1111');
    // No number is prefilled for the demo fallback (the seeded cards) nor for a borrower without cards.
    for (const session of [undefined, 'masked-f']) {
      const form = await send(s.app, READS[4]!, session);
      const items = form.body.data.items as { code: string; value: string }[];
      const numbers = items.filter((i) => ['bankAccount', 'walletPhone'].includes(i.code));
      expect(numbers.map((i) => i.value)).toEqual(['', '']);
    }
  });

  it('a session id longer than 128 characters is refused, not cut to match another borrower', async () => {
    const long = 'L'.repeat(200);
    expectNoSession(WRITES[2]!, await send(s.app, WRITES[2]!, long));
  });
});

describe('every API route says who may call it', () => {
  it('declares an access (public, read, private or write): none is forgotten, now or later', async () => {
    const s = await startServer('sqlite');
    try {
      await s.app.ready();
      const api = s.app.routeTable.filter((r) => /^\/(nepenthes|v3|ndustan|service|gopia|api)\//.test(r.url));
      expect(api.length).toBeGreaterThan(30);
      const undeclared = api.filter(
        (r) => !['public', 'read', 'private', 'write'].includes(r.config?.access ?? ''),
      );
      expect(undeclared.map((r) => r.url)).toEqual([]);
      // Every write named by the issue is a write (a session and an idempotency key).
      const writes = api.filter((r) => r.config?.access === 'write').map((r) => r.url);
      for (const call of WRITES) expect(writes).toContain(call.url);
      expect(writes).toContain('/nepenthes/upload-problem-image');
    } finally {
      await s.close();
    }
  });
});

describe.each(backends)('identity in production mode, NODE_ENV=production (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    // Demo ids keep the test short; production's default, signed ids, is in identity-signed.test.ts.
    s = await startServer(backend, { production: true, dev: false, identity: 'demo' });
  });
  afterAll(async () => s.close());

  it('P-06 no borrower endpoint answers without a session: a clear envelope, never data', async () => {
    for (const call of [...READS, ...COMPLAINT_READS, ...WRITES])
      expectNoSession(call, await send(s.app, call));
  });

  it('the seeded demo data is not readable by any session, the demo account’s included', async () => {
    const details = READS[0]!;
    expect((await send(s.app, details, 'prod-borrower')).status).toBe(404);
    const way = await send(s.app, READS[3]!, 'prod-borrower');
    expect(way.status).toBe(404);
    expectNoSession(details, await send(s.app, details, 'demo'));
    const list = await send(s.app, COMPLAINT_READS[1]!, 'prod-borrower');
    expect(list.body.data.tabs[0].list).toEqual([]);
  });

  it('a borrower reads what it wrote', async () => {
    const push = await send(s.app, WRITES[8]!, 'prod-borrower');
    expect(push.body.success).toBe(true);
    const orderId = push.body.data.orderId as string;
    const details = await send(
      s.app,
      { url: '/v3/loan-details/loan-details', body: { orderId }, json: true },
      'prod-borrower',
    );
    expect(details.body.data.orderId).toBe(orderId);
  });

  it('public calls (product offer, agreements, contact, registration) still answer without a session', async () => {
    const offer = await send(s.app, {
      url: '/v3/loan-confirm/loan-detail-confirm',
      body: { productId: 'P-1' },
      json: true,
    });
    expect(offer.body.success).toBe(true);
    const contact = await send(s.app, { url: '/nepenthes/contact-kf-info', body: { overall: 30 } });
    expect(contact.body.code).toBe(0);
    const sid = await s.app.inject({ method: 'GET', url: '/api/v2/youmi/promotion/get-sid' });
    expect(sid.json().data.sid).toBeTruthy();
  });
});
