// @vitest-environment node
// Idempotency keys (issue 20 §2): every write takes an `Idempotency-Key`; a repeat of a key (for
// the same borrower and route, within the window) gets the first reply and writes nothing more,
// even when 100 copies arrive at once; distinct keys are distinct writes where the rules allow.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PNG_1PX,
  backends,
  get,
  multipart,
  post,
  startServer,
  type Reply,
  type TestServer,
} from './helpers.js';

const BIND = { cardType: '1', bankAccount: '1111222233334444', branchCode: '0202', city: 'Manila' };

describe.each(backends)('idempotency keys on %s', (backend) => {
  let s: TestServer;
  let base: string;
  beforeAll(async () => {
    s = await startServer(backend);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => s.close());

  interface Sent {
    status: number;
    body: Reply;
    replayed: string | null;
  }

  async function send(
    path: string,
    session: string | null,
    key: string | null,
    body: Record<string, string | number> | FormData,
    type: 'form' | 'json' = 'form',
  ): Promise<Sent> {
    const headers: Record<string, string> = {};
    if (key !== null) headers['Idempotency-Key'] = key;
    let payload: string | FormData;
    if (body instanceof FormData) payload = body;
    else if (type === 'json') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
    }
    const url = `${base}${path}${session === null ? '' : `?sessionId=${encodeURIComponent(session)}`}`;
    const res = await fetch(url, { method: 'POST', headers, body: payload });
    return {
      status: res.status,
      body: (await res.json()) as Reply,
      replayed: res.headers.get('idempotent-replayed'),
    };
  }

  const hundred = (make: () => Promise<Sent>) => Promise.all(Array.from({ length: 100 }, make));

  function expectOneReply(replies: Sent[]) {
    const distinct = new Set(replies.map((r) => `${r.status} ${JSON.stringify(r.body)}`));
    expect([...distinct]).toHaveLength(1);
    expect(replies.filter((r) => r.replayed === 'true')).toHaveLength(99);
  }

  const count = async (table: 'bank_cards' | 'complaints' | 'uploads', session: string) =>
    (await s.app.db.selectFrom(table).select('borrower_id').where('borrower_id', '=', session).execute())
      .length;

  it('S2.2-10 100 parallel bind-card requests with one key: one card, the same reply for all', async () => {
    const replies = await hundred(() => send('/nepenthes/bind-card', 'idem-bind', 'tap-1', BIND));
    expectOneReply(replies);
    expect(replies[0]!.body.code).toBe(0);
    expect(await count('bank_cards', 'idem-bind')).toBe(1);
    const change = await hundred(() => send('/nepenthes/change-card', 'idem-bind', 'tap-2', BIND));
    expectOneReply(change);
    expect(await count('bank_cards', 'idem-bind')).toBe(2);
  });

  it('S2.4-07 100 parallel complaint saves with one key: one complaint', async () => {
    const body = { problemType: 2, problemDetail: 'Saved once, answered a hundred times' };
    const replies = await hundred(() => send('/nepenthes/problem-save', 'idem-complaint', 'tap-1', body));
    expectOneReply(replies);
    expect(replies[0]!.body).toMatchObject({ code: '00', data: { problemId: expect.any(Number) } });
    expect(await count('complaints', 'idem-complaint')).toBe(1);
  });

  it('S2.4-06 100 parallel uploads with one key: one stored image, one URL', async () => {
    const replies = await hundred(() => {
      const data = new FormData();
      data.set('problemImage', new Blob([PNG_1PX], { type: 'image/png' }), 'proof.png');
      return send('/nepenthes/upload-problem-image', 'idem-upload', 'pick-1', data);
    });
    expectOneReply(replies);
    expect(replies[0]!.body.data.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(await count('uploads', 'idem-upload')).toBe(1);
  });

  it('SL-04 100 parallel repayment commits with one key: one repayment, the same record for all', async () => {
    const session = 'idem-commit';
    const w = await post(s.app, `/nepenthes/repayment-way?sessionId=${session}`, { orderId: 'ORD-174' });
    const body = {
      amount: 313500,
      cardId: w.body.data.bankCards[0].id as number,
      orderId: 'ORD-174',
      repayToken: w.body.data.repayToken as string,
      sendMsg: 1,
    };
    const replies = await hundred(() => send('/nepenthes/repayment-commit', session, 'pay-tap', body));
    expectOneReply(replies);
    expect(replies[0]!.body).toMatchObject({ code: 0, data: { needValid: 1 } });
    const rows = await s.app.db
      .selectFrom('legacy_repayments')
      .select('id')
      .where('borrower_id', '=', session)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('S2.1-19 100 parallel registrations with one key: one user, the success reply for all', async () => {
    const sid = (await get(s.app, '/api/v2/youmi/promotion/get-sid')).body.data.sid as string;
    await s.app.inject({ method: 'GET', url: `/api/v2/youmi/promotion/get-captcha?sid=${sid}` });
    const capcode = (await get(s.app, `/dev/captcha?sid=${sid}`)).body.data.text as string;
    const phone = backend === 'sqlite' ? '13911110001' : '13911110002';
    await post(s.app, '/api/v2/youmi/promotion/get-sms', { phone, capcode, sid });
    const smsCode = (await get(s.app, `/dev/sms-code?phone=${phone}`)).body.data.smsCode as string;
    const body = { phone, capcode, sid, smsCode, appName: 'pesoquick', id: '1' };
    const replies = await hundred(() =>
      send('/api/v2/youmi/promotion/register', null, 'apply-1', body, 'json'),
    );
    expectOneReply(replies);
    expect(replies[0]!.body.code).toBe(0);
    const users = await s.app.db
      .selectFrom('registrations')
      .select('id')
      .where('phone', '=', phone)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('distinct keys are distinct writes where the rules allow (cards, complaints, images), not a second repayment', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await send('/nepenthes/bind-card', 'idem-many', `bind-${i}`, BIND)).body.code).toBe(0);
      const saved = await send('/nepenthes/problem-save', 'idem-many', `save-${i}`, {
        problemType: 3,
        problemDetail: `complaint ${i}`,
      });
      expect(saved.body.code).toBe('00');
      const part = multipart('problemImage', 'a.png', PNG_1PX, 'image/png');
      const up = await s.app.inject({
        method: 'POST',
        url: '/nepenthes/upload-problem-image?sessionId=idem-many',
        payload: part.payload,
        headers: { ...part.headers, 'idempotency-key': `up-${i}` },
      });
      expect(up.statusCode).toBe(200);
    }
    expect(await count('bank_cards', 'idem-many')).toBe(5);
    expect(await count('complaints', 'idem-many')).toBe(5);
    expect(await count('uploads', 'idem-many')).toBe(5);

    const w = await post(s.app, '/nepenthes/repayment-way?sessionId=idem-many', { orderId: 'ORD-180' });
    const body = {
      amount: 1145000,
      cardId: w.body.data.bankCards[0].id as number,
      orderId: 'ORD-180',
      repayToken: w.body.data.repayToken as string,
      sendMsg: 0,
    };
    const codes = [];
    for (const key of ['k1', 'k2', 'k3'])
      codes.push((await send('/nepenthes/repayment-commit', 'idem-many', key, body)).body.code);
    expect(codes).toEqual([0, 800005, 800005]);
  });

  it('a key is the borrower’s own: the same key from another session is another write', async () => {
    const a = await send('/nepenthes/problem-save', 'idem-a', 'shared-key', {
      problemType: 2,
      problemDetail: 'mine',
    });
    const b = await send('/nepenthes/problem-save', 'idem-b', 'shared-key', {
      problemType: 2,
      problemDetail: 'mine',
    });
    expect(a.body.data.problemId).not.toBe(b.body.data.problemId);
    expect(b.replayed).toBeNull();
  });

  it('a key reused for another request is refused (422), and the first write stands alone', async () => {
    const first = await send('/nepenthes/problem-save', 'idem-reuse', 'same-tap', {
      problemType: 2,
      problemDetail: 'first',
    });
    expect(first.body.code).toBe('00');
    const other = await send('/nepenthes/problem-save', 'idem-reuse', 'same-tap', {
      problemType: 2,
      problemDetail: 'second',
    });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: '422',
      data: null,
      message: expect.stringMatching(/Idempotency-Key/),
    });
    expect(await count('complaints', 'idem-reuse')).toBe(1);
  });

  it('an upload replayed with the same key and another picture is refused (422), the same picture replayed', async () => {
    const picture = (bytes: Buffer) => {
      const data = new FormData();
      data.set('problemImage', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'proof.png');
      return data;
    };
    const path = '/nepenthes/upload-problem-image';
    const first = await send(path, 'idem-picture', 'pick-9', picture(PNG_1PX));
    expect(first.status).toBe(200);
    // Another picture: its bytes differ (a PNG with one more trailing byte is still a PNG).
    const other = await send(
      path,
      'idem-picture',
      'pick-9',
      picture(Buffer.concat([PNG_1PX, Buffer.from([0])])),
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: '422', message: expect.stringMatching(/Idempotency-Key/) });
    expect(JSON.stringify(other.body)).not.toContain(first.body.data.url as string);
    const same = await send(path, 'idem-picture', 'pick-9', picture(PNG_1PX));
    expect(same).toMatchObject({ status: 200, replayed: 'true', body: first.body });
    expect(await count('uploads', 'idem-picture')).toBe(1);
  });

  it('a malformed key is a 400 in the family envelope', async () => {
    for (const key of ['', 'x'.repeat(300), 'has space', 'ünïcode']) {
      const res = await send('/nepenthes/problem-save', 'idem-bad', key, {
        problemType: 2,
        problemDetail: 'x',
      });
      if (key === '') continue; // an empty header is no key at all
      expect(res.status, key).toBe(400);
      expect(res.body.message, key).toMatch(/Idempotency-Key/);
    }
  });

  it('after the 24-hour window a key is forgotten: the same key writes again', async () => {
    const body = { problemType: 4, problemDetail: 'a day later' };
    await send('/nepenthes/problem-save', 'idem-window', 'old-tap', body);
    await s.app.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('key', '=', 'old-tap')
      .execute();
    const again = await send('/nepenthes/problem-save', 'idem-window', 'old-tap', body);
    expect(again.replayed).toBeNull();
    expect(await count('complaints', 'idem-window')).toBe(2);
  });
});
