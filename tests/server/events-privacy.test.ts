// @vitest-environment node
// Issue 28 item 3, the events scrubber: it redacted a value only when the whole value was a session
// id, and never looked at event names. `concat("sid:", params.sessionId)` in a track payload stored
// the raw session id, a phone number as an event name and an e-mail as a label were stored as
// sent. Now a session id, a device id, a phone number or an e-mail address is redacted wherever it
// appears inside a name, a label or a field, and the rest of the text is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACK_PATH } from '../../src/server/events/plugin.js';
import { signSession } from '../../src/server/identity/signed.js';
import { backends, startServer, type TestServer } from './helpers.js';

const NOW = Date.now();
const SESSION = 'sess-7Yq2LmP9xK4vB8nR3tW6';
const DEVICE = 'dev-31ac77e0b9';
const PHONE = '09171234567';
const EMAIL = 'juan.delacruz@example.ph';
const COOKIE = `lender_session=${encodeURIComponent(JSON.stringify({ sessionId: SESSION, deviceId: DEVICE }))}`;

describe.each(backends)('the events scrubber (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  const send = (events: unknown[]) =>
    s.app.inject({
      method: 'POST',
      url: TRACK_PATH,
      headers: { 'content-type': 'application/json', cookie: COOKIE },
      payload: JSON.stringify({ sentAt: NOW, device: DEVICE, events }),
    });
  const stored = async (n: number) =>
    (await s.app.db.selectFrom('track_events').selectAll().orderBy('id').execute()).slice(-n);
  const event = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    at: NOW - 1000,
    screen: 'about',
    ...extra,
  });

  it('redacts ids, phone numbers and e-mail addresses inside names, labels and fields', async () => {
    // Someone else's signed session, as a document could read it from a reply or storage.
    const other = signSession('k'.repeat(32), 'B-1234', new Date(NOW + 3600_000));
    const res = await send([
      event('promo_click', {
        label: `mail ${EMAIL} now`,
        props: {
          // concat("sid:", params.sessionId), as the engine sends a track payload.
          s: `sid:${SESSION}`,
          d: `device=${encodeURIComponent(DEVICE)}&x=1`,
          who: `token ${other} end`,
          call: `call ${PHONE} today`,
          uc: 'fb-summer',
        },
      }),
      event(PHONE),
      event(`visit_${PHONE}`),
      event(`open ${EMAIL}`),
    ]);
    expect(res.statusCode).toBe(200);
    const rows = await stored(4);
    const dump = JSON.stringify(rows);
    for (const secret of [SESSION, DEVICE, PHONE, EMAIL, other, '917 123 4567'])
      expect(dump, secret).not.toContain(secret);
    // What is around them is kept: the analytics stay readable.
    expect(rows.map((r) => r.name)).toEqual([
      'promo_click',
      '[redacted]',
      'visit_[redacted]',
      'open [redacted]',
    ]);
    expect(rows[0]!.label).toBe('mail [redacted] now');
    expect(JSON.parse(rows[0]!.props_json)).toEqual({
      s: 'sid:[redacted]',
      d: 'device=[redacted]&x=1',
      who: 'token [redacted] end',
      call: 'call [redacted] today',
      uc: 'fb-summer',
    });
  });

  it('keeps names, labels and fields that identify nobody', async () => {
    const res = await send([
      event('landing_2026_summer_campaign', {
        label: '/api/v2/youmi/service/channel',
        props: { amount: 1700, id: '7' },
      }),
    ]);
    expect(res.statusCode).toBe(200);
    const [row] = await stored(1);
    expect(row).toMatchObject({
      name: 'landing_2026_summer_campaign',
      label: '/api/v2/youmi/service/channel',
    });
    expect(JSON.parse(row!.props_json)).toEqual({ amount: 1700, id: '7' });
  });
});
