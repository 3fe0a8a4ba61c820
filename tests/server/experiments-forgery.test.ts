// @vitest-environment node
// Experiment results an outsider cannot forge (issue 28 item 1). The probe that found it: with 200
// invented device ids and 312 events from one client, arm B of a running experiment scored 112/112
// conversions against 0/88 for the control, and the results page declared B the winner. Here the
// probe runs as described against an experiment with real borrowers (each on its own address,
// behind the trusted proxy), for a goal the page reports and for a goal that is a server action,
// and the results (exposures, conversions per arm, verdicts, winner) must not move; what was left
// out is shown with its reason, and the studio is warned. Every test runs on SQLite and, with
// DATABASE_URL, PostgreSQL.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cookieOf,
  experimentOnHello,
  phoneOpensHello,
  registerFrom,
  resultsOf,
  revisionWith,
  sendEvents,
  verdictOf,
  type Phone,
} from './experiment-helpers.js';
import { backends, type Reply } from './helpers.js';
import { editor, publisher, startDemoStudio, type StudioServer } from './studio-helpers.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const HONEST = 160;
const ATTACKER = '198.51.100.23';
const PAGE_GOAL = 'signup';
const SERVER_GOAL = 'promo_register_conversion';

/**
 * Real borrowers: each phone on its own address opens hello; one in five converts, in either arm.
 * A registration is made for real, and the landing's page then tracks it too (D-22), as it does.
 */
async function honestTraffic(app: FastifyInstance, goal: string): Promise<Phone[]> {
  const phones: Phone[] = [];
  for (let i = 0; i < HONEST; i++) {
    const phone = await phoneOpensHello(app, `10.20.${i >> 8}.${i & 255}`);
    phones.push(phone);
    if (i % 5 !== 0) continue;
    if (goal === SERVER_GOAL) await registerFrom(app, phone.headers);
    expect(
      await sendEvents(app, phone.headers, [
        { name: goal, at: Date.now(), screen: 'hello', variant: phone.variant },
      ]),
    ).toBe(200);
  }
  return phones;
}

/**
 * The probe as found: one client, invented device ids. It reads each one's arm from
 * X-Screen-Variant (the device id in the host's session cookie, as /screens/ requests carry it)
 * until it has 88 in the control and 112 in B, then sends 312 events: a screen view for each of
 * the 200 and the goal for the 112 in B, each batch with its device id, keeping no cookie.
 */
async function forgingProbe(
  app: FastifyInstance,
  goal: string,
): Promise<{ sent: number; statuses: number[] }> {
  const wanted = { a: 88, b: 112 };
  const devices: { id: string; variant: string; arm: 'a' | 'b' }[] = [];
  while (devices.length < wanted.a + wanted.b) {
    const id = `DEV-${randomBytes(6).toString('hex')}`;
    const session = `lender_session=${encodeURIComponent(JSON.stringify({ deviceId: id, sessionId: `s-${id}` }))}`;
    const res = await app.inject({
      url: '/screens/hello.json',
      headers: { 'x-forwarded-for': ATTACKER, cookie: session },
    });
    const variant = String(res.headers['x-screen-variant'] ?? '');
    const arm = variant.endsWith(':b') ? 'b' : 'a';
    if (devices.filter((d) => d.arm === arm).length < wanted[arm]) devices.push({ id, variant, arm });
  }
  let sent = 0;
  const statuses: number[] = [];
  for (const d of devices) {
    const events = [
      { name: 'screen_view', at: Date.now(), screen: 'hello', variant: d.variant },
      ...(d.arm === 'b' ? [{ name: goal, at: Date.now() + 1, screen: 'hello', variant: d.variant }] : []),
    ];
    sent += events.length;
    statuses.push(await sendEvents(app, { 'x-forwarded-for': ATTACKER }, events, d.id));
  }
  return { sent, statuses };
}

const discarded = (list: { reason: string; count: number }[], reason: string) =>
  list.find((d) => d.reason === reason)?.count ?? 0;
const warningKinds = (r: Reply) => (r.quality.warnings as { kind: string }[]).map((w) => w.kind).sort();

describe.each(backends)('forged experiment results on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  async function begin(goal: string) {
    // Behind the proxy of a production deployment: each borrower's own address is believed. The
    // demo's server otherwise: honest registrations read their codes through its /dev/ endpoints.
    s = await startDemoStudio(backend, { now: () => new Date(), trustProxy: '127.0.0.1' });
    const pub = await publisher(s.app);
    const id = await experimentOnHello(pub, await revisionWith(await editor(s.app), 'hello', 'Try it'), goal);
    return { pub, id };
  }

  describe.each([
    ['a goal the page reports', PAGE_GOAL, 'claims-unserved-arm'],
    ['a goal that is a server action (registration)', SERVER_GOAL, 'page-claim'],
  ])('for %s', (_label, goal, reason) => {
    it('200 invented devices and 312 events from one client change no result: exposures, conversions per arm, the verdict', async () => {
      const { pub, id } = await begin(goal);
      await honestTraffic(s.app, goal);
      const before = await resultsOf(pub, id);
      expect(before.arms[0].exposures + before.arms[1].exposures).toBe(HONEST);
      expect(before.arms[0].conversions + before.arms[1].conversions).toBe(HONEST / 5);
      expect(before.winner).toBeNull();

      const probe = await forgingProbe(s.app, goal);
      expect(probe.sent).toBe(312);

      const after = await resultsOf(pub, id);
      expect(verdictOf(after)).toEqual(verdictOf(before));
      expect(after.sampleRatio).toEqual(before.sampleRatio);
      expect(after.winner).toBeNull();

      // What was left out is shown with its reason; the forgery is warned of.
      expect(after.quality.goalRecordedBy).toBe(goal === SERVER_GOAL ? 'server' : 'page');
      expect(discarded(after.quality.exposures.discarded, 'unconfirmed')).toBeGreaterThanOrEqual(200);
      const goalsOut = (r: Reply) => discarded(r.quality.goalEvents.discarded, reason);
      expect(goalsOut(after) - goalsOut(before)).toBe(112);
      expect(warningKinds(after)).toEqual(['address-burst', 'unserved-claims']);
      expect(before.quality.warnings).toEqual([]);
    });
  });

  it('a script that keeps every cookie it is given adds no more than one address’s allowance, and is flagged; a server goal it cannot touch', async () => {
    const { pub, id } = await begin(PAGE_GOAL);
    await honestTraffic(s.app, PAGE_GOAL);
    const before = await resultsOf(pub, id);
    // 200 fresh cookies from one address, each confirmed by its screen view; B "converts".
    for (let i = 0; i < 200; i++) {
      const doc = await s.app.inject({
        url: '/screens/hello.json',
        headers: { 'x-forwarded-for': ATTACKER },
      });
      const variant = String(doc.headers['x-screen-variant']);
      const headers = { 'x-forwarded-for': ATTACKER, cookie: cookieOf(doc.headers['set-cookie']) };
      const events = [
        { name: 'screen_view', at: Date.now(), screen: 'hello', variant },
        ...(variant.endsWith(':b')
          ? [{ name: PAGE_GOAL, at: Date.now() + 1, screen: 'hello', variant }]
          : []),
      ];
      expect(await sendEvents(s.app, headers, events)).toBe(200);
    }
    const after = await resultsOf(pub, id);
    const added = (r: Reply) => r.arms[0].exposures + r.arms[1].exposures;
    expect(added(after) - added(before)).toBe(after.quality.limits.newBorrowersPerAddressHour);
    expect(discarded(after.quality.exposures.discarded, 'address-cap')).toBe(
      200 - after.quality.limits.newBorrowersPerAddressHour,
    );
    expect(warningKinds(after)).toEqual(['address-burst', 'address-cap']);

    // The same script against a goal only the server records: its claims never count.
    const server = await pub.call('GET', `/experiments/${id}/results?goal=${SERVER_GOAL}`);
    expect(server.body.results.arms.map((a: Reply) => a.conversions)).toEqual([0, 0]);
  });
});
