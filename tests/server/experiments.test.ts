// @vitest-environment node
// Staged rollouts and experiments through the studio API and the borrower's routes (issue 19,
// "Rollouts and experiments"): a publisher starts an experiment; each borrower gets one arm, the
// same on every load, in the page and in /screens/, with an ETag of its own and never from a
// shared cache; results count the exposures the server recorded and the conversions of those
// borrowers (tests/server/experiments-forgery.test.ts: what an outsider cannot add); stop returns everyone
// to the control and promote publishes the winner, each one action in the audit log. Publishers
// only, CSRF-protected, four eyes. Every test runs on SQLite and, with DATABASE_URL, PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRACK_PATH } from '../../src/server/events/plugin.js';
import { signSession } from '../../src/server/identity/signed.js';
import { cookieOf, phoneOpensHello, revisionWith, sendEvents } from './experiment-helpers.js';
import { backends } from './helpers.js';
import {
  BASE_ROUTES,
  account,
  editor,
  manifestText,
  publisher,
  startStudio,
  type Client,
  type StudioServer,
} from './studio-helpers.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const html = { accept: 'text/html' };

interface Served {
  cookie: string;
  status: number;
  label: string;
  variant: string | undefined;
  revision: string;
  etag: string;
  cacheControl: string;
  vary: string;
}

/** A borrower's /screens/ request, with its first-party cookie once it has one. */
async function load(
  app: FastifyInstance,
  cookie = '',
  headers: Record<string, string> = {},
): Promise<Served> {
  const res = await app.inject({
    url: '/screens/hello.json',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  return {
    cookie: cookie || cookieOf(res.headers['set-cookie']),
    status: res.statusCode,
    label: res.statusCode === 200 ? (res.json().body[0].label as string) : '',
    variant: res.headers['x-screen-variant'] as string | undefined,
    revision: String(res.headers['x-screen-revision']),
    etag: String(res.headers.etag),
    cacheControl: String(res.headers['cache-control']),
    vary: String(res.headers.vary),
  };
}

/** The page's inlined document (id="screen-doc"), as the app reads it. */
async function page(app: FastifyInstance, cookie: string, query = '') {
  const res = await app.inject({
    url: `/hello${query}`,
    headers: { ...html, ...(cookie ? { cookie } : {}) },
  });
  const inline = JSON.parse(/id="screen-doc">([\s\S]*?)<\/script>/.exec(res.body)![1]!) as {
    variant: string;
    revision: string;
    etag: string;
    doc: { body: { label: string }[] };
  };
  return { res, inline, label: inline.doc.body[0]!.label };
}

async function send(app: FastifyInstance, cookie: string, events: object[], device?: string) {
  const res = await app.inject({
    method: 'POST',
    url: TRACK_PATH,
    headers: { 'content-type': 'application/json', cookie },
    payload: JSON.stringify({ sentAt: Date.now(), ...(device ? { device } : {}), events }),
  });
  expect(res.statusCode).toBe(200);
}

const view = (served: Pick<Served, 'variant' | 'revision'>) => ({
  name: 'screen_view',
  at: Date.now(),
  screen: 'hello',
  revision: served.revision,
  variant: served.variant ?? '',
});

async function auditActions(client: Client): Promise<{ action: string; detail: Record<string, unknown> }[]> {
  return (await client.call('GET', '/audit?action=experiment.*&limit=100')).body.entries;
}

describe.each(backends)('rollouts and experiments on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());
  // Events are stamped by the real clock: the experiment's must be the same.
  // Behind a trusted proxy, as production runs: test borrowers may have addresses of their own.
  const start = (extra: object = {}) =>
    startStudio(backend, { now: () => new Date(), trustProxy: '127.0.0.1', ...extra });

  /** A server, its demo publisher, the live revision of hello and an editor's revision of it. */
  async function begin() {
    s = await start();
    const ed = await editor(s.app);
    const pub = await publisher(s.app);
    const liveId = (await pub.call('GET', '/documents/screen/hello')).body.live.id as number;
    return { pub, liveId, revision: await revisionWith(ed, 'hello', 'Try it') };
  }

  async function experiment(pub: Client, revisionId: number, extra: Record<string, unknown> = {}) {
    const res = await pub.call('POST', '/experiments', {
      kind: 'experiment',
      screen: 'hello',
      name: 'Button wording',
      goal: 'signup',
      planned: 400,
      arms: [
        { revisionId: null, weight: 50 },
        { revisionId, weight: 50 },
      ],
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.experiment as { id: number; arms: { arm: string; revisionId: number | null }[] };
  }

  it('each borrower gets one arm, the same on every load, in the page and in /screens/, with its own ETag and never from a shared cache', async () => {
    const { pub, liveId, revision } = await begin();
    const before = await load(s.app);
    expect(before.variant).toBeUndefined();
    expect(before.revision).toBe(String(liveId));
    const exp = await experiment(pub, revision);

    const seen = new Map<string, Served>();
    for (let i = 0; i < 40; i++) {
      const first = await load(s.app);
      expect(first.cookie).toMatch(/^lender_vid=/);
      seen.set(first.cookie, first);
      // Sticky: the same cookie gets the same arm, and a 304 for the copy it keeps.
      const again = await load(s.app, first.cookie);
      expect([again.variant, again.label, again.etag]).toEqual([first.variant, first.label, first.etag]);
      const revalidated = await s.app.inject({
        url: '/screens/hello.json',
        headers: { cookie: first.cookie, 'if-none-match': first.etag },
      });
      expect(revalidated.statusCode).toBe(304);
      // The page carries the same arm.
      const inPage = await page(s.app, first.cookie);
      expect([inPage.inline.variant, inPage.label]).toEqual([first.variant, first.label]);
      expect(inPage.res.headers['cache-control']).toBe('private, no-cache');
      expect(String(inPage.res.headers.vary)).toContain('Cookie');
    }
    const arms = [...seen.values()];
    const control = arms.filter((a) => a.variant === `e${exp.id}:a`);
    const variant = arms.filter((a) => a.variant === `e${exp.id}:b`);
    expect(control.length + variant.length).toBe(40);
    expect(control.length).toBeGreaterThan(5);
    expect(variant.length).toBeGreaterThan(5);
    expect(new Set(control.map((a) => a.label))).toEqual(new Set(['Go']));
    expect(new Set(variant.map((a) => a.label))).toEqual(new Set(['Try it']));
    expect(new Set(variant.map((a) => a.revision))).toEqual(new Set([String(revision)]));
    expect(new Set(control.map((a) => a.revision))).toEqual(new Set([String(liveId)]));
    // Each arm's ETag is its own, also the control's (a kept pre-experiment copy is revalidated).
    expect(new Set(arms.map((a) => a.etag)).size).toBe(2);
    expect(control[0]!.etag).not.toBe(before.etag);
    for (const a of arms) {
      expect(a.cacheControl).toBe('private, no-cache');
      expect(a.vary).toBe('Accept-Encoding, Cookie');
    }
  });

  it('the promotion page names the version each borrower gets now, their arm included: a start and a stop change it at once (issue 29 §1)', async () => {
    s = await startStudio(
      backend,
      { now: () => new Date() },
      { 'manifest.json': manifestText(BASE_ROUTES, { landing: { templates: { '1': 'hello' } } }) },
    );
    const ed = await editor(s.app);
    const pub = await publisher(s.app);
    const revision = await revisionWith(ed, 'hello', 'Try it');
    /** The promotion page's map (id="screen-current"), as the app reads it, and its headers. */
    const promo = async (cookie = '') => {
      const res = await s.app.inject({ url: '/promo/', headers: { ...html, ...(cookie ? { cookie } : {}) } });
      expect(res.statusCode).toBe(200);
      const map = JSON.parse(/id="screen-current">([\s\S]*?)<\/script>/.exec(res.body)![1]!) as Record<
        string,
        string
      >;
      return { map, res };
    };
    const tagOf = (served: Served) => served.etag.replace(/"/g, '');

    // Before: the published version, the same as /screens/ serves (its content tag). Each phone's
    // first-party id comes with its first page.
    const phones: { cookie: string }[] = [];
    const live = tagOf(await load(s.app));
    for (let i = 0; i < 24; i++) {
      const { map, res } = await promo();
      expect(map).toEqual({ hello: live });
      phones.push({ cookie: cookieOf(res.headers['set-cookie']) });
    }

    // Started: each phone's map names its own arm, the one /screens/ then gives it.
    const exp = await experiment(pub, revision);
    const arms = new Set<string>();
    for (const phone of phones) {
      const { map, res } = await promo(phone.cookie);
      const served = await load(s.app, phone.cookie);
      expect(map).toEqual({ hello: tagOf(served) });
      expect(map.hello).not.toBe(live);
      arms.add(served.variant!);
      // The page is this borrower's own.
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(String(res.headers.vary)).toContain('Cookie');
    }
    expect(arms).toEqual(new Set([`e${exp.id}:a`, `e${exp.id}:b`]));

    // Stopped: everyone's map is the published version again.
    expect((await pub.call('POST', `/experiments/${exp.id}/stop`, {})).status).toBe(200);
    for (const phone of phones.slice(0, 3)) expect((await promo(phone.cookie)).map).toEqual({ hello: live });
  });

  it('a native device keys the borrower once a verified session vouches for it: its page (either browser), its documents and its events are one borrower in one arm; a device id alone keys nobody', async () => {
    const sessionKey = 'experiments-test-session-key'.padEnd(40, 'k');
    s = await start({ identity: 'signed', sessionKey });
    const exp = await experiment(
      await publisher(s.app),
      await revisionWith(await editor(s.app), 'hello', 'Try it'),
    );
    const signed = (borrower: string) =>
      encodeURIComponent(signSession(sessionKey, borrower, new Date(Date.now() + 3600_000)));
    for (const device of [
      'DEV-0001-aa',
      'DEV-0002-bb',
      'DEV-0003-cc',
      'DEV-0004-dd',
      'DEV-0005-ee',
      'DEV-0006-ff',
    ]) {
      // Two browsers of one device (different first-party cookies): one borrower, one arm.
      const query = `?deviceId=${device}&sessionId=${signed(`b-${device}`)}`;
      const a = await page(s.app, '', query);
      const b = await page(s.app, 'lender_vid=BBBBBBBBBBBBBBBBBBBBBB', query);
      expect(b.inline.variant).toBe(a.inline.variant);
      // The page bound the cookie to the device: its documents and events carry it.
      const bound = cookieOf(a.res.headers['set-cookie']);
      expect(bound).toMatch(/^lender_vid=d\./);
      expect(cookieOf(b.res.headers['set-cookie'])).toBe(bound);
      const doc = await load(s.app, bound);
      expect(doc.variant).toBe(a.inline.variant);
      await send(s.app, bound, [view(doc)], device);
    }
    const pub = await publisher(s.app);
    const results = (await pub.call('GET', `/experiments/${exp.id}/results`)).body.results;
    expect(results.arms[0].exposures + results.arms[1].exposures).toBe(6);
    expect(results.multipleExposures).toBe(0);
    // A device id with a session nobody verified, in the page's query or the host's session
    // cookie, proves nothing: each browser is its own borrower, keyed by its first-party id.
    const made = `?deviceId=DEV-made-up&sessionId=s-made-up`;
    const first = await page(s.app, '', made);
    expect(cookieOf(first.res.headers['set-cookie'])).toMatch(/^lender_vid=[A-Za-z0-9_-]{22}$/);
    const session = `lender_session=${encodeURIComponent(JSON.stringify({ deviceId: 'DEV-made-up', sessionId: 's' }))}`;
    const keys = new Set<string>();
    for (let i = 0; i < 12; i++)
      keys.add(
        cookieOf(
          (await s.app.inject({ url: '/screens/hello.json', headers: { cookie: session } })).headers[
            'set-cookie'
          ],
        ),
      );
    expect(keys.size).toBe(12);
  });

  it('results: exposures and conversions per arm from the events, the winner significant, the split checked', async () => {
    s = await start();
    const pub = await publisher(s.app);
    const exp = await experiment(pub, await revisionWith(await editor(s.app), 'hello', 'Try it'));
    const counts = { a: { n: 0, c: 0 }, b: { n: 0, c: 0 } };
    // Each phone on its own address: the document (the server's exposure), its page's screen view.
    for (let i = 0; i < 240; i++) {
      const phone = await phoneOpensHello(s.app, `10.30.${i >> 8}.${i & 255}`);
      const k = counts[phone.arm].n++;
      // The control converts 1 in 10, the new wording 1 in 2.
      if (phone.arm === 'a' ? k % 10 === 0 : k % 2 === 0) {
        expect(
          await sendEvents(s.app, phone.headers, [{ name: 'signup', at: Date.now(), screen: 'other' }]),
        ).toBe(200);
        counts[phone.arm].c++;
      }
    }
    // A goal before any exposure does not count, nor does a screen view of another screen.
    const early = await load(s.app);
    await send(s.app, early.cookie, [
      { name: 'signup', at: Date.now() - 60_000, screen: 'hello' },
      { ...view(early), screen: 'other' },
    ]);

    const { body } = await pub.call('GET', `/experiments/${exp.id}/results`);
    const r = body.results;
    expect(r.goal).toBe('signup');
    expect(r.arms.map((a: { exposures: number }) => a.exposures)).toEqual([counts.a.n, counts.b.n]);
    expect(r.arms.map((a: { conversions: number }) => a.conversions)).toEqual([counts.a.c, counts.b.c]);
    expect(r.arms[1].verdict).toBe('better');
    expect(r.winner).toBe('b');
    expect(r.arms[1].effect.interval.low).toBeGreaterThan(0);
    expect(r.arms[1].effect.pValue).toBeLessThan(0.05);
    expect(r.arms[0].rateInterval.low).toBeLessThan(r.arms[0].rate);
    expect(r.sampleRatio.mismatch).toBe(false);
    expect(r.days.at(-1).exposures).toEqual([counts.a.n, counts.b.n]);
    expect(r.goals).toContain('signup');
    // Nothing left out but the early borrower, whose page never showed the screen; no warning.
    expect(r.quality.exposures).toMatchObject({ served: 241, counted: 240 });
    expect(r.quality.exposures.discarded).toMatchObject([{ reason: 'unconfirmed', count: 1 }]);
    // (Its goal event came before the experiment started: not one of its goal events at all.)
    expect(r.quality.goalEvents).toMatchObject({ received: counts.a.c + counts.b.c, discarded: [] });
    expect(r.quality.warnings).toEqual([]);
    // Another goal: nobody converted.
    const other = (await pub.call('GET', `/experiments/${exp.id}/results?goal=nothing`)).body.results;
    expect(other.arms.map((a: { conversions: number }) => a.conversions)).toEqual([0, 0]);
    expect(other.winner).toBeNull();
  });

  it('stop (the kill switch) sends everyone back to the control at once and keeps the results; promote publishes the winner to everyone', async () => {
    const { pub, liveId, revision } = await begin();
    const exp = await experiment(pub, revision);
    const borrowers = await Promise.all(Array.from({ length: 30 }, () => load(s.app)));
    for (const b of borrowers) await send(s.app, b.cookie, [view(b)]);
    expect(new Set(borrowers.map((b) => b.label))).toEqual(new Set(['Go', 'Try it']));

    const stopped = await pub.call('POST', `/experiments/${exp.id}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body.experiment.status).toBe('stopped');
    expect(
      stopped.body.experiment.finalResults.arms[0].exposures +
        stopped.body.experiment.finalResults.arms[1].exposures,
    ).toBe(30);
    for (const b of borrowers) {
      const now = await load(s.app, b.cookie);
      expect([now.label, now.variant, now.revision, now.cacheControl]).toEqual([
        'Go',
        undefined,
        String(liveId),
        'no-cache',
      ]);
      // A device that kept its arm's copy gets the control, not a 304.
      const res = await s.app.inject({
        url: '/screens/hello.json',
        headers: { cookie: b.cookie, 'if-none-match': b.etag },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await pub.call('POST', `/experiments/${exp.id}/stop`, {})).status).toBe(409);

    // Promote after the stop: the arm's revision is published, the draft closed.
    const promoted = await pub.call('POST', `/experiments/${exp.id}/promote`, { arm: 'b' });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.experiment).toMatchObject({ status: 'promoted', winner: 'b' });
    for (const b of borrowers) expect((await load(s.app, b.cookie)).label).toBe('Try it');
    expect((await page(s.app, borrowers[0]!.cookie)).label).toBe('Try it');
    const doc = (await pub.call('GET', '/documents/screen/hello')).body;
    expect(doc.live.id).toBe(revision);
    expect(doc.draft).toBeNull();
    expect(doc.publication).toMatchObject({ reason: 'experiment', revisionId: revision });

    // Every action is in the audit log, with who and what.
    const actions = await auditActions(pub);
    expect(actions.map((a) => a.action).reverse()).toEqual([
      'experiment.start',
      'experiment.stop',
      'experiment.promote',
    ]);
    expect(actions.every((a) => a.detail.experimentId === exp.id)).toBe(true);
    const publish = (await pub.call('GET', '/audit?action=publish')).body.entries[0];
    expect(publish.detail).toMatchObject({ reason: 'experiment', experimentId: exp.id, arm: 'b' });
  });

  it('promoting the winner of a running experiment ends it and sends every borrower to it', async () => {
    s = await start();
    const pub = await publisher(s.app);
    const revision = await revisionWith(await editor(s.app), 'hello', 'Try it');
    const exp = await experiment(pub, revision);
    const borrowers = await Promise.all(Array.from({ length: 20 }, () => load(s.app)));
    expect((await pub.call('POST', `/experiments/${exp.id}/promote`, { arm: 'z' })).status).toBe(404);
    expect((await pub.call('POST', `/experiments/${exp.id}/promote`, { arm: 'b' })).status).toBe(200);
    for (const b of borrowers) {
      const now = await load(s.app, b.cookie);
      expect([now.label, now.variant, now.revision]).toEqual(['Try it', undefined, String(revision)]);
    }
    expect((await pub.call('POST', `/experiments/${exp.id}/promote`, { arm: 'b' })).status).toBe(409);
    // The control winning publishes nothing.
    const next = await experiment(pub, await revisionWith(await editor(s.app), 'hello', 'Third'));
    const kept = (await pub.call('POST', `/experiments/${next.id}/promote`, { arm: 'a' })).body.experiment;
    expect(kept).toMatchObject({ status: 'promoted', winner: 'a', publicationId: null });
    expect((await load(s.app)).label).toBe('Try it');
  });

  it('a staged rollout: a share of borrowers gets the new revision; raising it keeps them and adds others', async () => {
    s = await start();
    const pub = await publisher(s.app);
    const revision = await revisionWith(await editor(s.app), 'hello', 'New');
    const started = await pub.call('POST', '/experiments', {
      kind: 'rollout',
      screen: 'hello',
      revisionId: revision,
      percent: 20,
      goal: 'block_error',
    });
    expect(started.status).toBe(201);
    const id = started.body.experiment.id as number;
    expect(started.body.experiment.arms).toEqual([
      { arm: 'a', revisionId: null, weight: 80 },
      { arm: 'b', revisionId: revision, weight: 20 },
    ]);
    const borrowers = await Promise.all(Array.from({ length: 100 }, () => load(s.app)));
    const early = borrowers.filter((b) => b.label === 'New');
    expect(early.length).toBeGreaterThan(5);
    expect(early.length).toBeLessThan(40);
    const ramped = await pub.call('POST', `/experiments/${id}/ramp`, { percent: 60 });
    expect(ramped.status).toBe(200);
    const after = await Promise.all(borrowers.map((b) => load(s.app, b.cookie)));
    for (const b of early) expect(after.find((a) => a.cookie === b.cookie)!.label).toBe('New');
    expect(after.filter((b) => b.label === 'New').length).toBeGreaterThan(early.length);
    const results = (await pub.call('GET', `/experiments/${id}/results`)).body.results;
    expect(results.sampleRatio).toBeNull();
    expect(results.sampleRatioNote).toMatch(/share changed/);
    expect((await pub.call('POST', `/experiments/${id}/ramp`, { percent: 100 })).status).toBe(400);
    expect((await auditActions(pub)).map((a) => a.action)).toEqual(['experiment.ramp', 'experiment.start']);
    expect((await auditActions(pub))[0]!.detail).toMatchObject({ from: 20, to: 60 });
  });

  it('only publishers start, ramp, stop and promote (401 without a session, 403 for an editor or admin), writes need the CSRF token, reads need a session', async () => {
    s = await start();
    const ed = await editor(s.app);
    const pub = await publisher(s.app);
    const admin = await account(s.app, 'boss', ['admin']);
    const revision = await revisionWith(ed, 'hello', 'Try it');
    const body = {
      kind: 'experiment',
      screen: 'hello',
      goal: 'signup',
      arms: [
        { revisionId: null, weight: 50 },
        { revisionId: revision, weight: 50 },
      ],
    };
    for (const who of [ed, admin]) {
      const res = await who.call('POST', '/experiments', body);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/needs the publisher role/);
    }
    const anonymous = await s.studio.inject({
      method: 'POST',
      url: '/studio/api/experiments',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await s.studio.inject({ url: '/studio/api/experiments' })).statusCode).toBe(401);
    for (const headers of [
      { 'x-csrf-token': '' } as Record<string, string>,
      { 'x-csrf-token': 'x'.repeat(43) },
      { origin: 'https://evil.example' },
    ]) {
      const res = await pub.call('POST', '/experiments', body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await s.app.inject({ url: '/screens/hello.json' })).headers['x-screen-variant']).toBeUndefined();
    const exp = await experiment(pub, revision);
    for (const path of ['stop', 'promote', 'ramp']) {
      expect((await ed.call('POST', `/experiments/${exp.id}/${path}`, { arm: 'b', percent: 5 })).status).toBe(
        403,
      );
      expect(
        (await pub.call('POST', `/experiments/${exp.id}/${path}`, { arm: 'b' }, { 'x-csrf-token': '' }))
          .status,
      ).toBe(403);
    }
    // Editors and admins read experiments and results.
    expect((await ed.call('GET', '/experiments')).body.experiments).toHaveLength(1);
    expect((await admin.call('GET', `/experiments/${exp.id}/results`)).status).toBe(200);
    expect((await auditActions(pub)).map((a) => a.action)).toEqual(['experiment.start']);
  });

  it('four eyes: a publisher cannot start an experiment with a revision they wrote, unless the rule is relaxed (and that is recorded)', async () => {
    s = await start();
    const pub = await publisher(s.app);
    const own = await revisionWith(pub, 'hello', 'Mine');
    const res = await pub.call('POST', '/experiments', {
      kind: 'rollout',
      screen: 'hello',
      revisionId: own,
      percent: 10,
      goal: 'signup',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/four eyes/);
    const other = await account(s.app, 'pub2', ['publisher']);
    const body = { kind: 'rollout', screen: 'hello', revisionId: own, percent: 10, goal: 'signup' };
    const started = await other.call('POST', '/experiments', body);
    expect(started.status).toBe(201);
    expect(started.body.experiment.fourEyesWaived).toBe(false);
    // A team of one (LENDER_FOUR_EYES=0): allowed, and the waiver is in the audit entry.
    await s.close();
    s = await startStudio(backend, { now: () => new Date(), fourEyes: false });
    const alone = await publisher(s.app);
    const mine = await revisionWith(alone, 'hello', 'Mine');
    const waived = await alone.call('POST', '/experiments', { ...body, revisionId: mine });
    expect(waived.status).toBe(201);
    expect(waived.body.experiment.fourEyesWaived).toBe(true);
    expect((await auditActions(alone))[0]!.detail).toMatchObject({ fourEyesWaived: true });
  });

  it('privacy: an experiment stores no raw session id, device id, phone or name, in the events or its own tables', async () => {
    s = await start();
    const pub = await publisher(s.app);
    const exp = await experiment(pub, await revisionWith(await editor(s.app), 'hello', 'Try it'));
    const sessionId = 'sess-7Yq2LmP9xK4vB8nR3tW6';
    const deviceId = 'dev-31ac77e0b9';
    const phone = '09171234567';
    const name = 'Juan Dela Cruz';
    // The native app opens the page with its identity; the page's arm comes from the device id.
    const opened = await page(
      s.app,
      '',
      `?sessionId=${sessionId}&deviceId=${deviceId}&phone=${phone}&name=${encodeURIComponent(name)}`,
    );
    const session = `lender_session=${encodeURIComponent(JSON.stringify({ sessionId, deviceId }))}`;
    const cookie = `${cookieOf(opened.res.headers['set-cookie'])}; ${session}`;
    const doc = await load(s.app, cookie);
    expect(doc.variant).toBe(opened.inline.variant);
    await send(
      s.app,
      cookie,
      [
        view(doc),
        {
          name: 'signup',
          at: Date.now(),
          screen: 'hello',
          variant: doc.variant,
          props: { phone, fullname: name, s: sessionId },
        },
      ],
      deviceId,
    );
    const results = (await pub.call('GET', `/experiments/${exp.id}/results`)).body.results;
    expect(results.arms.reduce((n: number, a: { conversions: number }) => n + a.conversions, 0)).toBe(1);
    await pub.call('POST', `/experiments/${exp.id}/stop`, {});
    const dump = JSON.stringify(
      await Promise.all(
        (['track_events', 'experiments', 'experiment_arms', 'experiment_changes', 'audit_log'] as const).map(
          (t) => s.app.db.selectFrom(t).selectAll().execute(),
        ),
      ),
    );
    for (const secret of [sessionId, deviceId, phone, '917 123 4567', name])
      expect(dump, secret).not.toContain(secret);
    expect(dump).toContain(`e${exp.id}:`);
  });

  it('refuses what cannot run with a clear 4xx: weights, revisions, a second experiment, an unpublished screen, a revision with errors', async () => {
    s = await start();
    const ed = await editor(s.app);
    const pub = await publisher(s.app);
    const revision = await revisionWith(ed, 'hello', 'Try it');
    const other = await revisionWith(ed, 'other', 'Elsewhere');
    const liveId = (await pub.call('GET', '/documents/screen/hello')).body.live.id as number;
    const arms = (...weights: [number | null, number][]) =>
      weights.map(([revisionId, weight]) => ({ revisionId, weight }));
    const attempts: [Record<string, unknown>, number, RegExp][] = [
      [{ arms: arms([null, 50], [revision, 40]) }, 400, /add up to 100/],
      [{ arms: arms([null, 50], [revision, 25], [revision, 25]) }, 400, /revision of its own/],
      [{ arms: arms([revision, 50], [null, 50]) }, 400, /first arm is the control/],
      [{ arms: arms([null, 50], [other, 50]) }, 404, /does not exist/],
      [{ arms: arms([null, 50], [liveId, 50]) }, 400, /live already/],
      [{ arms: arms([null, 100]) }, 400, /2 to 6 arms/],
      [{ arms: arms([null, 50], [revision, 50]), goal: '' }, 400, /goal/],
      [{ arms: arms([null, 50], [revision, 50]), planned: 3 }, 400, /planned/],
      [{ arms: arms([null, 50], [revision, 50]), kind: 'bandit' }, 400, /kind/],
      [{ arms: arms([null, 50], [revision, 50]), screen: 'nope' }, 404, /not published/],
    ];
    for (const [change, status, message] of attempts) {
      const res = await pub.call('POST', '/experiments', {
        kind: 'experiment',
        screen: 'hello',
        goal: 'signup',
        arms: arms([null, 50], [revision, 50]),
        ...change,
      });
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    // A revision the checker refuses is never shown to borrowers.
    const broken = await ed.call('PUT', '/documents/screen/other/draft', {
      text: '{ "schemaVersion": 1, "id": "other", "body": [{ "type": "nope" }] }',
      parentRevisionId: other,
    });
    const refused = await pub.call('POST', '/experiments', {
      kind: 'rollout',
      screen: 'other',
      revisionId: broken.body.revision.id,
      percent: 10,
      goal: 'signup',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.problems.length).toBeGreaterThan(0);
    // One experiment per screen at a time.
    await experiment(pub, revision);
    const second = await pub.call('POST', '/experiments', {
      kind: 'rollout',
      screen: 'hello',
      revisionId: revision,
      percent: 10,
      goal: 'signup',
    });
    expect(second.status).toBe(409);
    expect((await auditActions(pub)).map((a) => a.action)).toEqual(['experiment.start']);
  });
});
