// @vitest-environment node
// What the measurement takes on trust, and what it does not (issue 28 item 1):
// - the track endpoint throttles each sender, by address and by borrower key: a flood is answered
//   429 with Retry-After and nothing of it is stored, and other borrowers go on being served;
// - events are keyed by the cookie the server set, never by a device id the client sends; a device
//   keys its borrower only once a verified session vouched for it, and a binding the server did not
//   sign is ignored;
// - goals that are server actions are recorded by the server, for the acting borrower's cookie.
// Every test runs on SQLite and, with DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signSession } from '../../src/server/identity/signed.js';
import { EVENT_LIMITS } from '../../src/server/events/throttle.js';
import { cookieOf, registerFrom, sendEvents } from './experiment-helpers.js';
import { backends, type Reply } from './helpers.js';
import { startDemoStudio, type StudioServer } from './studio-helpers.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const SESSION_KEY = 'events-trust-test-session-key'.padEnd(40, 'k');
const batch = (n: number, name = 'tap') => Array.from({ length: n }, () => ({ name, at: Date.now() }));

describe.each(backends)('what the measurement trusts (%s)', (backend) => {
  let s: StudioServer;
  beforeAll(async () => {
    // Signed sessions (as production), behind a trusted proxy: each test client has its own address.
    // The demo's server otherwise: the tests read stored events through its /dev/ endpoint.
    s = await startDemoStudio(backend, {
      now: () => new Date(),
      identity: 'signed',
      sessionKey: SESSION_KEY,
      trustProxy: '127.0.0.1',
    });
  });
  afterAll(async () => s.close());

  const stored = async () =>
    Number(
      (
        await s.app.db
          .selectFrom('track_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The asking borrower's own events (dev endpoint, by its cookie). */
  const ownEvents = async (cookie: string): Promise<Reply[]> =>
    (await s.app.inject({ url: '/dev/track-events', headers: { cookie } })).json().data.events;

  it('a flood from one address is answered 429 with Retry-After once its allowance is spent, stores nothing, and leaves other senders alone', async () => {
    const address = { 'x-forwarded-for': '203.0.113.50' };
    const before = await stored();
    const statuses: number[] = [];
    // Fresh cookies each time (as a script would): only the address's allowance stops it.
    for (let i = 0; i < 60 && !statuses.includes(429); i++)
      statuses.push(await sendEvents(s.app, address, batch(100)));
    const accepted = statuses.filter((code) => code === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(EVENT_LIMITS.perAddress.capacity / 100);
    expect(statuses.at(-1)).toBe(429);
    expect(await stored()).toBe(before + accepted * 100);

    const refused = await s.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', ...address },
      payload: JSON.stringify({ events: batch(1) }),
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ code: '429', message: expect.stringMatching(/Too many events/) });
    // Another address is served as before.
    expect(await sendEvents(s.app, { 'x-forwarded-for': '203.0.113.51' }, batch(20))).toBe(200);
    // A whole IPv6 /64 is one subscriber: its next address is the same sender.
    const six = (n: number) => ({ 'x-forwarded-for': `2001:db8:7:1::${n}` });
    const sixStatuses: number[] = [];
    for (let i = 0; i < 60 && !sixStatuses.includes(429); i++)
      sixStatuses.push(await sendEvents(s.app, six(i + 1), batch(100)));
    expect(sixStatuses.at(-1)).toBe(429);
    expect(await sendEvents(s.app, { 'x-forwarded-for': '2001:db8:7:2::1' }, batch(20))).toBe(200);
  });

  it('one borrower key is throttled wherever it sends from', async () => {
    const first = await s.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      payload: JSON.stringify({ events: batch(1) }),
    });
    const cookie = cookieOf(first.headers['set-cookie']);
    const statuses: number[] = [];
    for (let i = 2; i < 40 && !statuses.includes(429); i++)
      statuses.push(await sendEvents(s.app, { cookie, 'x-forwarded-for': `198.51.100.${i}` }, batch(100)));
    expect(statuses.filter((code) => code === 200).length).toBeGreaterThanOrEqual(
      Math.floor(EVENT_LIMITS.perKey.capacity / 100) - 1,
    );
    expect(statuses.at(-1)).toBe(429);
  });

  it('events are keyed by the cookie the server set: a device id the client sends keys nobody and is not stored', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.10' };
    const first = await s.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ device: 'DEV-5e1f-invented', events: batch(1, 'one') }),
    });
    const cookie = cookieOf(first.headers['set-cookie']);
    expect(cookie).toMatch(/^lender_vid=[A-Za-z0-9_-]{22}$/);
    expect(await sendEvents(s.app, { ...headers, cookie }, batch(1, 'two'), 'DEV-other-invented')).toBe(200);
    const mine = await ownEvents(cookie);
    expect(mine.map((e) => e.name)).toEqual(['one', 'two']);
    // The device ids key nobody.
    for (const device of ['DEV-5e1f-invented', 'DEV-other-invented']) {
      const byDevice = (await s.app.inject({ url: `/dev/track-events?device=${device}` })).json().data.events;
      expect(byDevice).toEqual([]);
    }
    const rows = JSON.stringify(await s.app.db.selectFrom('track_events').selectAll().execute());
    expect(rows).not.toContain('invented');
    expect(rows).not.toContain('192.0.2.10');
  });

  it('a device keys its borrower once a verified session vouches for it; an unverified one does not; a binding the server did not sign is ignored', async () => {
    const device = 'DEV-9a7c-real-phone';
    const session = signSession(SESSION_KEY, 'borrower-77', new Date(Date.now() + 3600_000));
    const open = (query: string, cookie = '') =>
      s.app.inject({
        url: `/hello${query}`,
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
    // Opened by the native app with a verified session: the cookie is bound to the device.
    const page = await open(`?deviceId=${device}&sessionId=${encodeURIComponent(session)}`);
    const bound = cookieOf(page.headers['set-cookie']);
    expect(bound).toMatch(/^lender_vid=d\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    // A second browser of the same device: the same key.
    const other = await open(
      `?deviceId=${device}&sessionId=${encodeURIComponent(session)}`,
      'lender_vid=AAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(cookieOf(other.headers['set-cookie'])).toBe(bound);
    expect(await sendEvents(s.app, { cookie: bound }, batch(1, 'bound'))).toBe(200);
    const byDevice = (await s.app.inject({ url: `/dev/track-events?device=${device}` })).json().data.events;
    expect(byDevice.map((e: Reply) => e.name)).toEqual(['bound']);
    // A session nobody signed vouches for nothing: the page gets a first-party id.
    const forged = await open(`?deviceId=DEV-made-up-1&sessionId=v1.Ym9i.9999999999.forged`);
    expect(cookieOf(forged.headers['set-cookie'])).toMatch(/^lender_vid=[A-Za-z0-9_-]{22}$/);
    // A binding the server did not sign is as if there were none: a new id is set.
    const tampered = `lender_vid=d.${'A'.repeat(22)}.${'B'.repeat(22)}`;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', cookie: tampered },
      payload: JSON.stringify({ events: batch(1) }),
    });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res.headers['set-cookie'])).toMatch(/^lender_vid=[A-Za-z0-9_-]{22}$/);
  });

  it('goals that are server actions are recorded by the server for the acting borrower; a page claiming one is marked as the page’s', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.77', cookie: '' };
    const page = await s.app.inject({
      url: '/promo/',
      headers: { accept: 'text/html', 'x-forwarded-for': headers['x-forwarded-for'] },
    });
    headers.cookie = cookieOf(page.headers['set-cookie']);
    expect(headers.cookie).not.toBe('');
    await registerFrom(s.app, headers);
    // The landing's page tracks it too (D-22): kept as the page's, never counted.
    expect(await sendEvents(s.app, headers, batch(1, 'promo_register_conversion'))).toBe(200);
    const session = signSession(SESSION_KEY, 'borrower-goals', new Date(Date.now() + 3600_000));
    const write = (url: string, body: object) =>
      s.app.inject({
        method: 'POST',
        url: `${url}?sessionId=${encodeURIComponent(session)}`,
        headers,
        payload: body as Record<string, string>,
      });
    const applied = await write('/v3/loan-confirm/loan-detail-push', {
      amount: 500000,
      periods: 91,
      termUnit: '1',
      productId: 'P-1',
    });
    expect(applied.json().success).toBe(true);
    const paid = await write('/v3/loan-details/generate-vcode', {
      orderId: applied.json().data.orderId,
      productId: 'P-1',
      amount: 1,
      channelNumber: '10001',
    });
    // Only a repayment the server accepts is one.
    expect(paid.json().success).toBe(false);
    const repaid = await write('/v3/loan-details/generate-vcode', {
      orderId: 'ORD-174',
      productId: 'P-2',
      amount: 313500,
      channelNumber: '10001',
    });
    expect(repaid.json().success).toBe(true);
    await s.app.measurement.writer.idle();
    const events = (await ownEvents(headers.cookie)).map((e) => `${e.source} ${e.name}`);
    expect(events).toEqual([
      'server promo_register_conversion',
      'page promo_register_conversion',
      'server loan_application',
      'server repayment',
    ]);
    // A caller without the page's cookie is nobody the server exposed: nothing is recorded for it.
    const before = await stored();
    const bare = await s.app.inject({
      method: 'POST',
      url: `/v3/loan-confirm/loan-detail-push?sessionId=${encodeURIComponent(session)}`,
      payload: { amount: 500000, periods: 91, termUnit: '1', productId: 'P-1' },
    });
    expect(bare.json().success).toBe(true);
    await s.app.measurement.writer.idle();
    expect(await stored()).toBe(before);
  });
});
