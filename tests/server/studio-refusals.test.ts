// @vitest-environment node
// Refused privileged attempts in the audit log (issue 28 item 6): a role refusal (an editor
// approving), the four-eyes rule (a publisher approving or starting an experiment with their own
// work), a wrong or missing CSRF token, a cross-site or non-JSON write, a foreign Host, a wrong
// current password, a write without a session; each with who, what and why. A flood of refusals from one source, or from many,
// grows the log by a bounded number of entries, and what was only counted is summed up once its
// 15-minute window has closed. The studio runs as production runs it. SQLite and, with
// DATABASE_URL, PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { auditRefusal, flushRefusals, REFUSAL_LIMITS } from '../../src/server/audit/refusals.js';
import { backends, type Reply } from './helpers.js';
import {
  STUDIO_HOST,
  account,
  editor,
  publisher,
  screenText,
  startStudio,
  type Client,
  type StudioServer,
} from './studio-helpers.js';

interface Entry {
  actor: string;
  action: string;
  target: string;
  ip: string;
  detail: Record<string, unknown>;
}

const entries = async (client: Client, query: string): Promise<Entry[]> =>
  (await client.call('GET', `/audit?limit=500&${query}`)).body.entries as Entry[];

describe.each(backends)('refused studio attempts on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  it('records every refused privileged attempt with who, what and why', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const pub = await publisher(s.app);
    const admin = await account(s.app, 'boss', ['admin']);
    const live = (await ed.call('GET', '/documents/screen/hello')).body.live.id as number;
    const saved = await ed.call('PUT', '/documents/screen/hello/draft', {
      text: screenText('hello', 'Mine'),
      parentRevisionId: live,
    });
    const draft = saved.body.draft.id as number;
    const revisionId = saved.body.revision.id as number;
    await ed.call('POST', `/drafts/${draft}/review`, {});

    // An editor approving their own work: the role.
    expect((await ed.call('POST', `/drafts/${draft}/approve`, { revisionId })).status).toBe(403);
    // A publisher approving a draft they wrote part of: four eyes.
    const own = await pub.call('PUT', '/documents/screen/other/draft', {
      text: screenText('other', 'Theirs'),
      parentRevisionId: (await pub.call('GET', '/documents/screen/other')).body.live.id,
    });
    await pub.call('POST', `/drafts/${own.body.draft.id}/review`, {});
    expect(
      (await pub.call('POST', `/drafts/${own.body.draft.id}/approve`, { revisionId: own.body.revision.id }))
        .status,
    ).toBe(403);
    // ...or starting an experiment with their own revision.
    const started = await pub.call('POST', '/experiments', {
      kind: 'rollout',
      screen: 'other',
      revisionId: own.body.revision.id,
      percent: 10,
      goal: 'x',
    });
    expect(started.status).toBe(403);
    // CSRF: a missing token; cross-site: a foreign Origin; a form body; a wrong current password.
    expect((await ed.call('POST', `/drafts/${draft}/discard`, {}, { 'x-csrf-token': '' })).status).toBe(403);
    expect(
      (await ed.call('POST', `/drafts/${draft}/discard`, {}, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    const form = await s.studio.inject({
      method: 'POST',
      url: `/studio/api/drafts/${draft}/discard`,
      headers: {
        cookie: ed.cookie,
        'x-csrf-token': ed.csrf,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'a=b',
    });
    expect(form.statusCode).toBe(415);
    expect(
      (
        await ed.call('POST', '/session/password', {
          current: 'not it at all',
          password: 'a new long password',
        })
      ).status,
    ).toBe(403);
    // An admin is not a publisher; a foreign Host (DNS rebinding) has no account.
    expect((await admin.call('POST', `/drafts/${draft}/send-back`, { comment: 'x' })).status).toBe(403);
    const rebound = await s.studio.app.inject({
      method: 'GET',
      url: '/studio/api/documents',
      headers: { host: 'attacker.example', cookie: ed.cookie },
      remoteAddress: '203.0.113.5',
    });
    expect(rebound.statusCode).toBe(421);

    const refused = await entries(pub, 'action=refused.*');
    const summary = refused
      .map((e) => `${e.actor} ${e.action} ${e.target}: ${String(e.detail.reason)}`)
      .reverse();
    expect(summary).toEqual([
      `editor refused.role route:POST /studio/api/drafts/:id/approve: This needs the publisher role`,
      `publisher refused.four-eyes route:POST /studio/api/drafts/:id/approve: you wrote part of this change: another publisher must approve it (four eyes)`,
      `publisher refused.four-eyes route:POST /studio/api/experiments: you wrote a revision of this experiment: another publisher must start it (four eyes)`,
      `editor refused.csrf route:POST /studio/api/drafts/:id/discard: Missing or wrong X-CSRF-Token header: reload the studio`,
      `editor refused.cross-site route:POST /studio/api/drafts/:id/discard: Cross-site request refused`,
      `editor refused.not-json route:POST /studio/api/drafts/:id/discard: Send JSON (Content-Type: application/json)`,
      `editor refused.password route:POST /studio/api/session/password: The current password is wrong`,
      `boss refused.role route:POST /studio/api/drafts/:id/send-back: This needs the publisher role`,
      `anonymous refused.host route:GET /studio/api/documents: This host name is not one the studio answers to (LENDER_STUDIO_HOSTS)`,
    ]);
    expect(refused[0]).toMatchObject({
      ip: '203.0.113.5',
      detail: { status: 421, path: '/studio/api/documents' },
    });
    expect(refused.at(-1)!.detail).toMatchObject({ status: 403, params: { id: String(draft) } });
    // Nothing was done: the draft is still in review, nothing published.
    expect((await pub.call('GET', `/drafts/${draft}`)).body.draft.status).toBe('in_review');
    // A read without a session (an expired tab polling) is no one's attempt: 401, not recorded.
    expect((await s.studio.inject({ method: 'GET', url: '/studio/api/documents' })).statusCode).toBe(401);
    expect(await entries(pub, 'action=refused.*')).toHaveLength(refused.length);
    // A write without a session is an attempt to change borrowers' screens: 401, recorded.
    const anonymous = await s.studio.inject({
      method: 'POST',
      url: `/studio/api/drafts/${draft}/approve`,
      payload: { revisionId },
      remoteAddress: '198.51.100.7',
    });
    expect(anonymous.statusCode).toBe(401);
    const [last, ...earlier] = await entries(pub, 'action=refused.*');
    expect(earlier).toHaveLength(refused.length);
    expect(last).toMatchObject({
      actor: 'anonymous',
      action: 'refused.session',
      target: 'route:POST /studio/api/drafts/:id/approve',
      ip: '198.51.100.7',
      detail: { status: 401, reason: 'Sign in to the studio first', params: { id: String(draft) } },
    });
    expect((await pub.call('GET', `/drafts/${draft}`)).body.draft.status).toBe('in_review');
    expect((await s.studio.inject({ url: '/studio', headers: { host: STUDIO_HOST } })).statusCode).toBe(200);
  });

  it('a flood of refusals from one source grows the log by a bounded number of entries, summed up when the window closes', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const pub = await publisher(s.app);
    const FLOOD = 120;
    for (let i = 0; i < FLOOD; i++) {
      const res = await ed.call('POST', '/drafts/1/discard', {}, { 'x-csrf-token': 'forged' });
      expect(res.status).toBe(403);
    }
    // Each refused, but only the first REFUSAL_LIMITS.perSource got an entry of their own.
    expect(await entries(pub, 'action=refused.csrf')).toHaveLength(REFUSAL_LIMITS.perSource);
    // Another source is not silenced by it.
    expect((await pub.call('POST', '/drafts/1/discard', {}, { 'x-csrf-token': 'forged' })).status).toBe(403);
    expect(await entries(pub, 'action=refused.csrf&actor=publisher')).toHaveLength(1);
    // Once the window has closed, one entry says how many were only counted.
    s.clock.advance(15 * 60 * 1000);
    await flushRefusals(s.app.db, s.clock.now);
    const [sum] = await entries(pub, 'action=refusal.suppressed');
    expect(sum).toMatchObject({
      actor: 'system',
      target: 'refused.csrf',
      detail: {
        refused: FLOOD,
        logged: REFUSAL_LIMITS.perSource,
        notLogged: FLOOD - REFUSAL_LIMITS.perSource,
      },
    });
    expect(String(sum!.detail.source)).toMatch(/^account:\d+$/);
    expect(await entries(pub, 'action=refusal.suppressed')).toHaveLength(1);
    // The counts are gone with their window; a second sweep writes nothing.
    expect(await flushRefusals(s.app.db, s.clock.now)).toBe(0);
    expect(await s.app.db.selectFrom('audit_refusal_counts').selectAll().execute()).toEqual([]);
  });

  it('refusals from many sources are bounded too: at most perWindow entries, the rest summed up', async () => {
    s = await startStudio(backend);
    const at = s.clock.now.toISOString();
    // The bound's shape with smaller figures (the real ones take a thousand refusals to reach).
    const limits = { perSource: 2, perWindow: 50 };
    const SUMMARIES = 10;
    const SOURCES = 40;
    const EACH = 3;
    const refuse = (i: number) =>
      auditRefusal(
        s.app.db,
        {
          at,
          actor: { id: null, name: 'anonymous', ip: `10.1.${i >> 8}.${i & 255}` },
          action: 'refused.host',
          target: 'route:GET /studio',
          source: `ip:10.1.${i >> 8}.${i & 255}`,
          detail: { reason: 'foreign Host' },
        },
        limits,
      );
    let logged = 0;
    for (let round = 0; round < EACH; round++)
      for (let i = 0; i < SOURCES; i++) if (await refuse(i)) logged++;
    expect(logged).toBe(limits.perWindow);
    const count = async (action: string) =>
      Number(
        (
          await s.app.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('action', '=', action)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('refused.host')).toBe(limits.perWindow);
    s.clock.advance(15 * 60 * 1000);
    const written = await flushRefusals(s.app.db, s.clock.now, SUMMARIES);
    // One summary per source (the largest, at most SUMMARIES), the rest in one.
    expect(written).toBe(SUMMARIES + 1);
    const sums = await s.app.db
      .selectFrom('audit_log')
      .select('detail_json')
      .where('action', '=', 'refusal.suppressed')
      .execute();
    const notLogged = sums.reduce((n, r) => n + Number((JSON.parse(r.detail_json) as Reply).notLogged), 0);
    expect(notLogged).toBe(SOURCES * EACH - limits.perWindow);
  });
});
