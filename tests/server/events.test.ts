// @vitest-environment node
// The track endpoint (issue 19, Events): batches in, one commit, an answer only after it; malformed
// and oversized batches refused with a clear 4xx and nothing stored; a pseudonymous borrower key
// from the server's own cookie;
// no session id, phone or name in the events table; times corrected for a device's wrong clock.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_BYTES, MAX_EVENTS } from '../../src/server/events/schema.js';
import { TRACK_PATH } from '../../src/server/events/plugin.js';
import { backends, startServer, type TestServer } from './helpers.js';

const NOW = Date.now();
const event = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  at: NOW - 1000,
  screen: 'promo-landing-classic',
  revision: 'r1',
  ...extra,
});

describe.each(backends)('the track endpoint (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  const send = (body: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({
      method: 'POST',
      url: TRACK_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
  const rows = () => s.app.db.selectFrom('track_events').selectAll().orderBy('id').execute();
  const count = async () => (await rows()).length;
  const cookieOf = (res: LightMyRequestResponse) =>
    String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';

  it('stores a batch and answers only then, with a first-party id for a new borrower', async () => {
    const before = await count();
    const res = await send({
      sentAt: NOW,
      events: [event('screen_view'), event('promo_apply_tap', { props: { step: 2 } })],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'success', data: { accepted: 2, dropped: 0 } });
    expect(cookieOf(res)).toMatch(/^lender_vid=[A-Za-z0-9_-]{22}$/);
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
    const stored = (await rows()).slice(before);
    expect(stored.map((r) => [r.name, r.screen, r.revision, r.variant])).toEqual([
      ['screen_view', 'promo-landing-classic', 'r1', ''],
      ['promo_apply_tap', 'promo-landing-classic', 'r1', ''],
    ]);
    expect(JSON.parse(stored[1]!.props_json)).toEqual({ step: 2 });
    expect(stored[0]!.borrower).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(stored[0]!.borrower).toBe(stored[1]!.borrower);
  });

  it('keys a borrower by the cookie the server set, never by a device id the batch names (anyone can make one up)', async () => {
    const keyOf = async (body: Record<string, unknown>, cookie?: string) => {
      const res = await send({ sentAt: NOW, ...body, events: [event('k')] }, cookie ? { cookie } : {});
      expect(res.statusCode).toBe(200);
      return { key: (await rows()).at(-1)!.borrower, cookie: cookieOf(res) || cookie };
    };
    const first = await keyOf({});
    const again = await keyOf({}, first.cookie);
    expect(again.key).toBe(first.key);
    const other = await keyOf({});
    expect(other.key).not.toBe(first.key);
    // The same device id from two browsers: still two borrowers, each by its own cookie
    // (tests/server/events-trust.test.ts: a device keys once a verified session vouches for it).
    const onDevice = await keyOf({ device: 'DEV-8c1f2a' }, first.cookie);
    const sameDevice = await keyOf({ device: 'DEV-8c1f2a' }, other.cookie);
    expect([onDevice.key, sameDevice.key]).toEqual([first.key, other.key]);
    expect(JSON.stringify(await rows())).not.toContain('DEV-8c1f2a');
  });

  const REFUSED: [string, () => Promise<LightMyRequestResponse>, number, RegExp][] = [
    ['not JSON', () => send('{"events": ['), 400, /not valid JSON/],
    ['an empty body', () => send(''), 400, /empty/],
    ['no events', () => send({ sentAt: NOW }), 400, /events is required/],
    ['an empty batch', () => send({ events: [] }), 400, /events must NOT have fewer than 1 items/],
    ['events not a list', () => send({ events: 'screen_view' }), 400, /events/],
    [
      `more than ${MAX_EVENTS} events`,
      () => send({ events: Array.from({ length: MAX_EVENTS + 1 }, () => event('e')) }),
      400,
      /must NOT have more than 100 items/,
    ],
    ['an event without a name', () => send({ events: [{ at: NOW }] }), 400, /name is required/],
    ['an event that is not an object', () => send({ events: [null] }), 400, /events\.0 must be object/],
    ['a batch that is a list', () => send([event('x')]), 400, /must be object/],
    ['a sentAt that is not a time', () => send({ sentAt: 'now', events: [event('x')] }), 400, /sentAt/],
    [
      'a device id that is not text',
      () => send({ device: { id: 'x' }, events: [event('x')] }),
      400,
      /device must be string/,
    ],
    [
      'props that are a list',
      () => send({ events: [event('x', { props: [1] })] }),
      400,
      /props must be object/,
    ],
    [
      'a body nested a thousand deep',
      () => send(`{"events":[{"name":"x","at":${NOW},"props":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}]}`),
      400,
      /nested/,
    ],
    ['a variant with spaces', () => send({ events: [event('x', { variant: 'e1 b' })] }), 400, /variant/],
    ['an event without a time', () => send({ events: [{ name: 'x' }] }), 400, /at is required/],
    ['a time that is not a clock', () => send({ events: [event('x', { at: 12 })] }), 400, /at must be >=/],
    ['a name of 101 characters', () => send({ events: [event('x'.repeat(101))] }), 400, /name must NOT/],
    ['a control character in a name', () => send({ events: [event('a\nb')] }), 400, /name must match/],
    [
      'a screen id that is not one',
      () => send({ events: [event('x', { screen: '../etc' })] }),
      400,
      /screen/,
    ],
    [
      `a body over ${MAX_BATCH_BYTES / 1024} KB`,
      () => send({ events: [event('x', { label: 'y'.repeat(MAX_BATCH_BYTES) })] }),
      413,
      /too large/,
    ],
    [
      'text/plain',
      () => send(JSON.stringify({ events: [event('x')] }), { 'content-type': 'text/plain' }),
      415,
      /content type/,
    ],
    [
      'another site',
      () => send({ events: [event('x')] }, { origin: 'https://evil.example' }),
      403,
      /this site only/,
    ],
  ];

  it.each(REFUSED)(
    'refuses %s with a clear 4xx and stores nothing',
    async (_label, request, status, message) => {
      const before = await count();
      const res = await request();
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(await count()).toBe(before);
    },
  );

  it('marks the first-party id Secure over HTTPS, and always in production (TLS may end at a proxy)', async () => {
    const batch = { events: [event('x')] };
    expect(String((await send(batch)).headers['set-cookie'])).not.toContain('Secure');
    const https = await send(batch, { 'x-forwarded-proto': 'https' });
    // Not believed without LENDER_TRUST_PROXY: only the production flag makes it Secure here.
    expect(String(https.headers['set-cookie'])).not.toContain('Secure');
    const prod = await startServer(backend, {
      production: true,
      sessionKey: 'event-test-session-key-'.padEnd(40, 'k'),
    });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: TRACK_PATH,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(batch),
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; Secure$/);
    } finally {
      await prod.close();
    }
  });

  it('accepts its own origin', async () => {
    const res = await send({ events: [event('x')] }, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(res.statusCode).toBe(200);
  });

  it('corrects a wrong device clock, caps the future, drops events older than a week', async () => {
    const before = await count();
    const yearAhead = 365 * 24 * 3600 * 1000;
    // The device thinks it is a year later; its event happened 5 s before it sent the batch.
    const res = await send({
      sentAt: NOW + yearAhead,
      events: [
        event('skewed', { at: NOW + yearAhead - 5000 }),
        event('old', { at: NOW + yearAhead - 9 * 24 * 3600 * 1000 }),
      ],
    });
    expect(res.json().data).toEqual({ accepted: 1, dropped: 1 });
    const [row] = (await rows()).slice(before);
    expect(row!.name).toBe('skewed');
    expect(Math.abs(Date.parse(row!.at) - (NOW - 5000))).toBeLessThan(60_000);
    // Days are Manila days (UTC+8).
    expect(row!.day).toBe(new Date(Date.parse(row!.at) + 8 * 3600 * 1000).toISOString().slice(0, 10));

    const future = await send({ events: [event('future', { at: NOW + yearAhead })] });
    expect(future.statusCode).toBe(200);
    expect(Date.parse((await rows()).at(-1)!.at)).toBeLessThanOrEqual(Date.now());
  });

  it('stores no session id, phone number or name, whatever a document sends', async () => {
    const sessionId = 'sess-7Yq2LmP9xK4vB8nR3tW6';
    const phone = '09171234567';
    const name = 'Juan Dela Cruz';
    const deviceId = 'dev-31ac77e0b9';
    const cookie = `lender_session=${encodeURIComponent(JSON.stringify({ sessionId, deviceId, appVersion: '1.0.0' }))}`;
    const res = await send(
      {
        sentAt: NOW,
        device: deviceId,
        events: [
          event('promo_register_conversion', {
            label: `call ${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
            props: {
              phone,
              userName: phone,
              accountName: name,
              fullname: name,
              sessionId,
              s: sessionId,
              d: deviceId,
              mobile: Number(phone),
              note: `+63 917 123 4567`,
              token: 'a1b2c3d4e5f6a7b8c9d0e1f2',
              nested: { phone },
              list: [phone],
              uc: 'fb-summer',
              id: '7',
            },
          }),
        ],
      },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    const dump = JSON.stringify(await rows());
    for (const secret of [
      sessionId,
      phone,
      '917 123 4567',
      '0917 123 4567',
      name,
      deviceId,
      String(Number(phone)),
    ])
      expect(dump, secret).not.toContain(secret);
    // What is not personal is kept.
    expect(JSON.parse((await rows()).at(-1)!.props_json)).toMatchObject({ uc: 'fb-summer', id: '7' });
    const paths = await send({
      events: [
        event('api_ok', { label: '/api/v2/youmi/service/channel/channel-template', props: { api: 'promo' } }),
        event('block_error', { label: 'unknown-block /body/3/children/12' }),
      ],
    });
    expect(paths.statusCode).toBe(200);
    expect((await rows()).slice(-2).map((r) => r.label)).toEqual([
      '/api/v2/youmi/service/channel/channel-template',
      'unknown-block /body/3/children/12',
    ]);
  });

  it('a batch whose commit fails is refused whole, and the events before it stay', async () => {
    const before = await count();
    expect((await send({ events: [event('kept')] })).statusCode).toBe(200);
    // A database failure part-way through the batch's statements (100 events: several inserts).
    if (backend === 'sqlite')
      await sql`create trigger boom before insert on track_events when new.name = 'boom'
        begin select raise(abort, 'boom'); end`.execute(s.app.db);
    else {
      await sql`create function boom() returns trigger language plpgsql as $$
        begin if new.name = 'boom' then raise exception 'boom'; end if; return new; end $$`.execute(s.app.db);
      await sql`create trigger boom before insert on track_events for each row execute function boom()`.execute(
        s.app.db,
      );
    }
    try {
      const events = Array.from({ length: MAX_EVENTS }, (_, i) =>
        event(i === MAX_EVENTS - 1 ? 'boom' : 'doomed'),
      );
      const res = await send({ events });
      expect(res.statusCode).toBe(500);
      const names = (await rows()).slice(before).map((r) => r.name);
      expect(names).toEqual(['kept']);
    } finally {
      await sql`drop trigger boom${backend === 'postgres' ? sql` on track_events` : sql``}`.execute(s.app.db);
    }
  });

  it('takes concurrent batches and loses none of them', async () => {
    const before = await count();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, b) =>
        send({ events: Array.from({ length: 7 }, (_, i) => event('c', { props: { b, i } })) }),
      ),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const stored = (await rows()).slice(before).map((r) => r.props_json);
    expect(new Set(stored).size).toBe(30 * 7);
  });
});

describe('the served version of a screen reaches the page (the revision seam)', () => {
  let s: TestServer;
  const site = mkdtempSync(join(tmpdir(), 'lender-rev-'));
  beforeAll(async () => {
    const screens = join(site, 'screens');
    const dist = join(site, 'dist');
    mkdirSync(screens, { recursive: true });
    mkdirSync(dist, { recursive: true });
    const real = new URL('../../screens/', import.meta.url).pathname;
    // The whole baseline: the published manifest is checked against the screens it names.
    cpSync(real, screens, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    s = await startServer('sqlite', { distDir: dist, screensDir: screens });
  });
  afterAll(async () => {
    await s.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('the page carries the published revision id the document is served with, and sets the first-party id', async () => {
    const file = await s.app.inject({ url: '/screens/about.json' });
    const revision = file.headers['x-screen-revision'];
    // The published revision's id, as the studio lists it.
    const live = await s.app.db
      .selectFrom('content_documents')
      .select('live_revision_id')
      .where('kind', '=', 'screen')
      .where('name', '=', 'about')
      .executeTakeFirstOrThrow();
    expect(revision).toBe(String(live.live_revision_id));
    expect(file.headers['x-screen-variant']).toBeUndefined();
    const page = await s.app.inject({ url: '/about', headers: { accept: 'text/html' } });
    const inline = JSON.parse(/id="screen-doc">([\s\S]*?)<\/script>/.exec(page.body)![1]!);
    expect(inline).toMatchObject({ id: 'about', revision, variant: '' });
    expect(String(page.headers['set-cookie'])).toMatch(/^lender_vid=[A-Za-z0-9_-]{22};/);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    // A borrower who has one keeps it.
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    const again = await s.app.inject({ url: '/about', headers: { accept: 'text/html', cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('no-cache');
  });
});
