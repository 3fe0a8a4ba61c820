// @vitest-environment node
// Money (issue 20 §2; SL-04, C-33, S2.16-07, S2.17-05): a repayment never exceeds what is
// outstanding, pending ones counted; one pending repayment per order at a time, for the legacy
// card flow, the v3 pay code and the extension; enforced by the database, so it holds for
// concurrent requests and, on PostgreSQL, across two server instances.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type Reply, type TestServer } from './helpers.js';

const DUE = { 'ORD-174': 313500, 'ORD-180': 1145000, 'ORD-170': 522500, 'ORD-180-D': 393500 } as const;
const FEE_180_D = 38000;

async function form(app: FastifyInstance, url: string, fields: Record<string, string | number>) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.statusCode, body: res.json() as Reply };
}

async function json(app: FastifyInstance, url: string, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url, payload: body });
  return { status: res.statusCode, body: res.json() as Reply };
}

async function way(app: FastifyInstance, session: string, orderId: string) {
  const { body } = await form(app, `/nepenthes/repayment-way?sessionId=${session}`, { orderId });
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as { repayToken: string; repayAmount: number; bankCards: { id: number }[] };
}

async function commit(
  app: FastifyInstance,
  session: string,
  orderId: string,
  amount: number,
  sendMsg: 0 | 1,
  token?: string,
) {
  const repayToken = token ?? (await way(app, session, orderId)).repayToken;
  const reply = await form(app, `/nepenthes/repayment-commit?sessionId=${session}`, {
    amount,
    cardId: await demoCard(app),
    orderId,
    repayToken,
    sendMsg,
    bankName: 'BDO',
    cardNo: '****',
    bankCode: '90006',
    couponId: '',
  });
  return reply.body;
}

/** A seeded demo card: every borrower may repay from it in demo mode. */
async function demoCard(app: FastifyInstance): Promise<number> {
  const card = await app.db
    .selectFrom('bank_cards')
    .select('id')
    .where('borrower_id', '=', 'demo')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return card.id;
}

const vcode = (
  app: FastifyInstance,
  session: string,
  body: { orderId: string; amount: number; channelNumber: string; isDelay?: number },
) => json(app, `/v3/loan-details/generate-vcode?sessionId=${session}`, body);

/** What the database holds against an order for a borrower: repayment records and pay requests. */
async function stored(app: FastifyInstance, session: string, orderId: string) {
  const legacy = await app.db
    .selectFrom('legacy_repayments')
    .select(['id', 'amount', 'status'])
    .where('borrower_id', '=', session)
    .where('order_id', '=', orderId)
    .execute();
  const pays = await app.db
    .selectFrom('pay_requests')
    .select(['id', 'amount', 'is_delay', 'channel_number'])
    .where('borrower_id', '=', session)
    .where('order_id', '=', orderId)
    .execute();
  const live = legacy.filter((r) => ['pending', 'submitted', 'confirmed'].includes(r.status));
  return { legacy, live, pays, total: live.reduce((sum, r) => sum + r.amount, 0) };
}

describe.each(backends)('money on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  it('SL-04 C-33 twenty commits of the full amount with twenty fresh tokens at once: one repayment, 800005 for the rest', async () => {
    for (const sendMsg of [0, 1] as const) {
      const session = `many-tokens-${sendMsg}`;
      const tokens = await Promise.all(Array.from({ length: 20 }, () => way(s.app, session, 'ORD-174')));
      const replies = await Promise.all(
        tokens.map((t) =>
          form(s.app, `/nepenthes/repayment-commit?sessionId=${session}`, {
            amount: DUE['ORD-174'],
            cardId: t.bankCards[0]!.id,
            orderId: 'ORD-174',
            repayToken: t.repayToken,
            sendMsg,
          }),
        ),
      );
      const codes = replies.map((r) => r.body.code);
      expect(
        codes.filter((c) => c === 0),
        `sendMsg ${sendMsg}`,
      ).toHaveLength(1);
      expect(
        codes.filter((c) => c === 800005),
        `sendMsg ${sendMsg}`,
      ).toHaveLength(19);
      const db = await stored(s.app, session, 'ORD-174');
      expect(db.live).toHaveLength(1);
      expect(db.total).toBe(DUE['ORD-174']);
    }
  });

  it('SL-04 three commits of the full amount one after another: only the first is accepted', async () => {
    const session = 'sequential';
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push((await way(s.app, session, 'ORD-174')).repayToken);
    const codes = [];
    for (const token of tokens)
      codes.push((await commit(s.app, session, 'ORD-174', DUE['ORD-174'], 0, token)).code);
    expect(codes).toEqual([0, 800005, 800005]);
    expect((await stored(s.app, session, 'ORD-174')).total).toBe(DUE['ORD-174']);
  });

  it('partial repayments add up to what is due and never more (800007 above what is left)', async () => {
    const session = 'partial';
    expect((await commit(s.app, session, 'ORD-174', 100000, 0)).code).toBe(0);
    expect((await commit(s.app, session, 'ORD-174', 213501, 0)).code).toBe(800007);
    expect((await commit(s.app, session, 'ORD-174', 213500, 0)).code).toBe(0);
    // repayment-way offers what is left, and nothing once it is all submitted.
    const before = await way(s.app, 'partial-late', 'ORD-174');
    expect((await commit(s.app, 'partial-late', 'ORD-174', 300000, 0)).code).toBe(0);
    expect((await way(s.app, 'partial-late', 'ORD-174')).repayAmount).toBe(13500);
    const done = await form(s.app, `/nepenthes/repayment-way?sessionId=${session}`, { orderId: 'ORD-174' });
    expect(done.body.code).toBe(800001);
    // A token fetched before the last repayment cannot pay again.
    const late = await way(s.app, 'partial-late', 'ORD-174');
    expect((await commit(s.app, 'partial-late', 'ORD-174', 13500, 0, late.repayToken)).code).toBe(0);
    expect((await commit(s.app, 'partial-late', 'ORD-174', 1, 0, before.repayToken)).code).toBe(800005);
    expect((await stored(s.app, session, 'ORD-174')).total).toBe(DUE['ORD-174']);
    expect((await stored(s.app, 'partial-late', 'ORD-174')).total).toBe(DUE['ORD-174']);
  });

  it('one repayment awaiting its code per order: a second waits until it is confirmed, locked or lapsed', async () => {
    const session = 'pending-one';
    const spare = [];
    for (let i = 0; i < 2; i++) spare.push((await way(s.app, session, 'ORD-180')).repayToken);
    const first = await commit(s.app, session, 'ORD-180', 1000, 1);
    expect(first).toMatchObject({ code: 0, data: { needValid: 1 } });
    expect((await commit(s.app, session, 'ORD-180', 1000, 1, spare[0])).code).toBe(800005);
    expect((await commit(s.app, session, 'ORD-180', 1000, 0, spare[1])).code).toBe(800005);
    // Confirmed: the order is free again, and what was confirmed still counts.
    const record = await s.app.db
      .selectFrom('legacy_repayments')
      .select(['id', 'verify_code'])
      .where('id', '=', first.data.repayRecordId as number)
      .executeTakeFirstOrThrow();
    const confirm = (id: number, verifyCode: string) =>
      form(s.app, `/nepenthes/repayment-confirm?sessionId=${session}`, {
        orderId: 'ORD-180',
        verifyCode,
        repaymentRecordId: id,
      });
    expect((await confirm(record.id, record.verify_code)).body.code).toBe(0);
    const second = await commit(s.app, session, 'ORD-180', 2000, 1);
    expect(second.code).toBe(0);
    // Locked after five wrong codes: the order is free again and the locked amount no longer counts.
    for (let i = 0; i < 5; i++) await confirm(second.data.repayRecordId as number, 'wrong!');
    expect((await confirm(second.data.repayRecordId as number, 'wrong!')).body.code).toBe(800008);
    const third = await commit(s.app, session, 'ORD-180', 3000, 1);
    expect(third.code).toBe(0);
    expect((await stored(s.app, session, 'ORD-180')).total).toBe(1000 + 3000);
    // Lapsed (no code within 15 minutes): the order is free, and the lapsed record can no longer be confirmed.
    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    await s.app.db
      .updateTable('legacy_repayments')
      .set({ created_at: old })
      .where('id', '=', third.data.repayRecordId as number)
      .execute();
    expect((await commit(s.app, session, 'ORD-180', 4000, 0)).code).toBe(0);
    const lapsed = await s.app.db
      .selectFrom('legacy_repayments')
      .select(['verify_code'])
      .where('id', '=', third.data.repayRecordId as number)
      .executeTakeFirstOrThrow();
    expect((await confirm(third.data.repayRecordId as number, lapsed.verify_code)).body.code).toBe(800002);
    expect((await stored(s.app, session, 'ORD-180')).total).toBe(1000 + 4000);
  });

  it('SL-07 the same token again is the Resend: a new code for the same repayment, never a second one', async () => {
    const session = 'resend';
    const w = await way(s.app, session, 'ORD-174-D');
    const first = await commit(s.app, session, 'ORD-174-D', 522500, 1, w.repayToken);
    expect(first.code).toBe(0);
    const id = first.data.repayRecordId as number;
    // At once it is the same submit twice.
    expect((await commit(s.app, session, 'ORD-174-D', 522500, 1, w.repayToken)).code).toBe(800005);
    const before = await s.app.db
      .selectFrom('legacy_repayments')
      .select(['verify_code', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await s.app.db
      .updateTable('legacy_repayments')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString(), attempts: 3 })
      .where('id', '=', id)
      .execute();
    // After the page's 60 s countdown: the same record, a new code, its tries counted afresh.
    const again = await commit(s.app, session, 'ORD-174-D', 522500, 1, w.repayToken);
    expect(again).toMatchObject({ code: 0, data: { needValid: 1, repayRecordId: id } });
    const after = await s.app.db
      .selectFrom('legacy_repayments')
      .select(['verify_code', 'attempts', 'created_at'])
      .where('borrower_id', '=', session)
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]!.attempts).toBe(0);
    expect(after[0]!.created_at > before.created_at).toBe(true);
    // Not with another amount, and not once it is submitted without a code.
    expect((await commit(s.app, session, 'ORD-174-D', 1000, 1, w.repayToken)).code).toBe(800005);
    expect((await stored(s.app, session, 'ORD-174-D')).total).toBe(522500);
  });

  it('S2.16-07 twenty pay-code requests at once on four channels: one open pay request per order', async () => {
    const session = 'vcode-race';
    const token = (await way(s.app, session, 'ORD-174')).repayToken;
    const channels = ['10001', '10002', '10003', '10004'];
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        vcode(s.app, session, {
          orderId: 'ORD-174',
          amount: DUE['ORD-174'],
          channelNumber: channels[i % 4]!,
        }),
      ),
    );
    const db = await stored(s.app, session, 'ORD-174');
    expect(db.pays).toHaveLength(1);
    const winner = db.pays[0]!.channel_number;
    for (const [i, r] of replies.entries()) {
      if (channels[i % 4] === winner) expect(r.body.success, JSON.stringify(r.body)).toBe(true);
      else expect(r.body).toMatchObject({ success: false, message: expect.stringMatching(/in progress/) });
    }
    expect(new Set(replies.filter((r) => r.body.success).map((r) => r.body.data.payUrl)).size).toBe(1);
    // A card repayment of the same order waits for it too, and the card page says so.
    expect((await commit(s.app, session, 'ORD-174', DUE['ORD-174'], 0, token)).code).toBe(800005);
    const page = await form(s.app, `/nepenthes/repayment-way?sessionId=${session}`, { orderId: 'ORD-174' });
    expect(page.body.code).toBe(800005);
    // Once the pay code lapses (no payment within 15 minutes) another channel may be chosen.
    await s.app.db
      .updateTable('pay_requests')
      .set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('borrower_id', '=', session)
      .execute();
    const other = channels.find((c) => c !== winner)!;
    expect(
      (await vcode(s.app, session, { orderId: 'ORD-174', amount: DUE['ORD-174'], channelNumber: other })).body
        .success,
    ).toBe(true);
  });

  it('S2.17-05 twenty extension pay-code requests at once: one, and no repayment beside it', async () => {
    const session = 'delay-race';
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        vcode(s.app, session, {
          orderId: 'ORD-180-D',
          amount: FEE_180_D,
          isDelay: 1,
          channelNumber: i % 2 ? '10001' : '10003',
        }),
      ),
    );
    const db = await stored(s.app, session, 'ORD-180-D');
    expect(db.pays).toHaveLength(1);
    expect(db.pays[0]!.is_delay).toBe(1);
    expect(replies.filter((r) => r.body.success).length).toBeGreaterThanOrEqual(1);
    const repay = await vcode(s.app, session, {
      orderId: 'ORD-180-D',
      amount: DUE['ORD-180-D'],
      channelNumber: '10001',
    });
    expect(repay.body).toMatchObject({ success: false, message: expect.stringMatching(/in progress/) });
  });

  it('a card repayment awaiting its code blocks a pay code, and a fully repaid order gets none', async () => {
    const session = 'cross-flow';
    expect((await commit(s.app, session, 'ORD-170', 500, 1)).code).toBe(0);
    const blocked = await vcode(s.app, session, {
      orderId: 'ORD-170',
      amount: DUE['ORD-170'],
      channelNumber: '10002',
    });
    expect(blocked.body).toMatchObject({ success: false, message: expect.stringMatching(/in progress/) });

    const paid = 'cross-flow-paid';
    expect((await commit(s.app, paid, 'ORD-170', DUE['ORD-170'], 0)).code).toBe(0);
    const none = await vcode(s.app, paid, {
      orderId: 'ORD-170',
      amount: DUE['ORD-170'],
      channelNumber: '10002',
    });
    expect(none.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/nothing left to repay/),
    });
    const huichao = await form(s.app, `/nepenthes/repayment-huichao?sessionId=${paid}`, {
      orderId: 'ORD-170',
      amount: DUE['ORD-170'],
    });
    expect(huichao.body.code).toBe(800005);
    const pays = await stored(s.app, paid, 'ORD-170');
    expect(pays.pays).toHaveLength(0);
  });

  it('huichao never asks for more than is outstanding', async () => {
    const session = 'huichao-cap';
    const over = await form(s.app, `/nepenthes/repayment-huichao?sessionId=${session}`, {
      orderId: 'ORD-180',
      amount: DUE['ORD-180'] + 1,
    });
    expect(over.body.code).toBe(800007);
    const ok = await form(s.app, `/nepenthes/repayment-huichao?sessionId=${session}`, {
      orderId: 'ORD-180',
      amount: DUE['ORD-180'],
    });
    expect(ok.body.code).toBe(0);
  });

  it.runIf(backend === 'postgres')(
    'two server instances on one PostgreSQL database: twenty commits split over both, one repayment',
    async () => {
      const twin = await s.twin();
      const session = 'two-instances';
      const apps = [s.app, twin];
      const tokens = await Promise.all(
        Array.from({ length: 20 }, (_, i) => way(apps[i % 2]!, session, 'ORD-180-D')),
      );
      const replies = await Promise.all(
        tokens.map((t, i) =>
          form(apps[i % 2]!, `/nepenthes/repayment-commit?sessionId=${session}`, {
            amount: DUE['ORD-180-D'],
            cardId: t.bankCards[0]!.id,
            orderId: 'ORD-180-D',
            repayToken: t.repayToken,
            sendMsg: 0,
          }),
        ),
      );
      expect(replies.filter((r) => r.body.code === 0)).toHaveLength(1);
      expect((await stored(s.app, session, 'ORD-180-D')).total).toBe(DUE['ORD-180-D']);

      const pays = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          vcode(apps[i % 2]!, 'two-instances-pay', {
            orderId: 'ORD-174',
            amount: DUE['ORD-174'],
            channelNumber: i % 4 < 2 ? '10001' : '10004',
          }),
        ),
      );
      expect(pays.filter((r) => r.body.success).length).toBeGreaterThanOrEqual(1);
      expect((await stored(s.app, 'two-instances-pay', 'ORD-174')).pays).toHaveLength(1);
    },
  );
});
