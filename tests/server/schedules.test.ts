// @vitest-environment node
// Scheduled publishing and promotions that end (issue 17), driven by a controlled clock: the
// server's `now` is the test's, and `content.tick()` is what each instance's timer runs. Times go in
// with their zone (Manila here) and are stored and returned in UTC.
import { afterEach, describe, expect, it } from 'vitest';
import { runDue } from '../../src/server/publishing/scheduler.js';
import { backends } from './helpers.js';
import {
  editor,
  liveId,
  publishText,
  publisher,
  screenText,
  startStudio,
  type Client,
  type StudioServer,
} from './studio-helpers.js';

const HOUR = 60 * 60 * 1000;

async function label(s: StudioServer, id = 'hello'): Promise<string | null> {
  const res = await s.app.inject({ url: `/screens/${id}.json` });
  return res.statusCode === 200 ? (res.json().body[0].label as string) : null;
}

/** A reviewed draft of `id` with `text`, ready for a publisher's decision. */
async function reviewed(ed: Client, id: string, text: string) {
  const doc = await ed.call('GET', `/documents/screen/${id}`);
  const saved = await ed.call('PUT', `/documents/screen/${id}/draft`, {
    text,
    parentRevisionId:
      doc.status === 200 ? (doc.body.draft?.headRevisionId ?? doc.body.live?.id ?? null) : null,
  });
  expect(saved.status).toBe(200);
  await ed.call('POST', `/drafts/${saved.body.draft.id}/review`, {});
  return { draftId: saved.body.draft.id as number, revisionId: saved.body.revision.id as number };
}

describe.each(backends)('schedules on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  it('a schedule that falls due while the database fails stays scheduled and runs at the next tick', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app, { renew: true });
    const pub = await publisher(s.app, { renew: true });
    const { draftId, revisionId } = await reviewed(ed, 'hello', screenText('hello', 'After the outage'));
    const at = '2026-12-01T12:30:00+08:00';
    expect((await pub.call('POST', `/drafts/${draftId}/approve`, { revisionId, publishAt: at })).status).toBe(
      200,
    );
    s.clock.advance(3 * HOUR);
    // The connection dies inside the publishing transaction (its NOTIFY is the last statement).
    const cut = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const failed = runDue({
      db: s.app.db,
      now: s.app.cfg.now,
      notify: () => Promise.reject(cut),
      log: () => undefined,
    });
    await expect(failed).rejects.toBe(cut);
    const draft = await pub.call('GET', `/drafts/${draftId}`);
    // Not sent back to review, and no "schedule failed" in the audit log: the database failed, not the draft.
    expect(draft.body.draft).toMatchObject({ status: 'scheduled' });
    expect((await pub.call('GET', '/audit?action=schedule.failed')).body.entries ?? []).toHaveLength(0);
    expect(await label(s)).toBe('Go');
    await s.app.content.tick();
    expect(await label(s)).toBe('After the outage');
  });

  it('publishes a scheduled revision when its time comes, not before (Manila time in, UTC stored)', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app, { renew: true });
    const pub = await publisher(s.app, { renew: true });
    // The clock reads 2026-12-01T02:00Z, 10:00 in Manila; publish at 12:30 Manila.
    const { draftId, revisionId } = await reviewed(ed, 'hello', screenText('hello', 'Noon offer'));
    const scheduled = await pub.call('POST', `/drafts/${draftId}/approve`, {
      revisionId,
      publishAt: '2026-12-01T12:30:00+08:00',
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.draft).toMatchObject({
      status: 'scheduled',
      publishAt: '2026-12-01T04:30:00.000Z',
    });
    expect((await pub.call('GET', '/schedules')).body.publications).toHaveLength(1);
    // Editing a scheduled draft is refused until it is unscheduled.
    const edit = await ed.call('PUT', '/documents/screen/hello/draft', {
      text: screenText('hello', 'Changed'),
      parentRevisionId: revisionId,
    });
    expect(edit.status).toBe(409);

    s.clock.advance(2 * HOUR + 29 * 60 * 1000);
    await s.app.content.tick();
    expect(await label(s)).toBe('Go');
    s.clock.advance(60 * 1000);
    await s.app.content.tick();
    expect(await label(s)).toBe('Noon offer');
    const publication = (await pub.call('GET', '/documents/screen/hello/publications')).body.publications[0];
    expect(publication).toMatchObject({
      reason: 'schedule',
      publishedBy: 'publisher',
      publishedAt: '2026-12-01T04:30:00.000Z',
    });
    const log = (await pub.call('GET', '/audit?target=screen:hello&action=draft.schedule')).body.entries;
    expect(log[0]).toMatchObject({ actor: 'publisher', detail: { publishAt: '2026-12-01T04:30:00.000Z' } });
    // A second tick (another instance's) publishes nothing twice.
    await s.app.content.tick();
    expect((await pub.call('GET', '/documents/screen/hello/publications')).body.publications).toHaveLength(2);
  });

  it('refuses times without a zone and ends before the start; unschedule returns the draft to review', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app, { renew: true });
    const pub = await publisher(s.app, { renew: true });
    const { draftId, revisionId } = await reviewed(ed, 'hello', screenText('hello', 'Later'));
    for (const publishAt of ['2026-12-02 09:00', '2026-12-02T09:00:00', 'tomorrow'])
      expect(
        (await pub.call('POST', `/drafts/${draftId}/approve`, { revisionId, publishAt })).status,
        publishAt,
      ).toBe(400);
    const backwards = await pub.call('POST', `/drafts/${draftId}/approve`, {
      revisionId,
      publishAt: '2026-12-02T09:00:00+08:00',
      endsAt: '2026-12-02T08:00:00+08:00',
    });
    expect(backwards.status).toBe(400);
    await pub.call('POST', `/drafts/${draftId}/approve`, {
      revisionId,
      publishAt: '2026-12-02T09:00:00+08:00',
    });
    expect((await ed.call('POST', `/drafts/${draftId}/unschedule`, {})).status).toBe(403);
    const back = await pub.call('POST', `/drafts/${draftId}/unschedule`, {});
    expect(back.body.draft).toMatchObject({ status: 'in_review', publishAt: null });
    s.clock.advance(48 * HOUR);
    await s.app.content.tick();
    expect(await label(s)).toBe('Go');
  });

  it('a promotion ends on time and falls back to the revision published before it', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app, { renew: true });
    const pub = await publisher(s.app, { renew: true });
    const { draftId, revisionId } = await reviewed(ed, 'hello', screenText('hello', '12.12 sale'));
    const approved = await pub.call('POST', `/drafts/${draftId}/approve`, {
      revisionId,
      publishAt: '2026-12-12T00:00:00+08:00',
      endsAt: '2026-12-13T00:00:00+08:00',
      endFallback: 'previous',
    });
    expect(approved.body.draft).toMatchObject({
      endsAt: '2026-12-12T16:00:00.000Z',
      endFallback: 'previous',
    });
    s.clock.now = new Date('2026-12-11T16:00:00.000Z');
    await s.app.content.tick();
    expect(await label(s)).toBe('12.12 sale');
    const ends = (await pub.call('GET', '/schedules')).body.ends;
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ endsAt: '2026-12-12T16:00:00.000Z', endedAt: null });
    s.clock.now = new Date('2026-12-12T15:59:59.000Z');
    await s.app.content.tick();
    expect(await label(s)).toBe('12.12 sale');
    s.clock.now = new Date('2026-12-12T16:00:00.000Z');
    await s.app.content.tick();
    expect(await label(s)).toBe('Go');
    const publications = (await pub.call('GET', '/documents/screen/hello/publications')).body.publications;
    expect(publications.map((p: { reason: string }) => p.reason)).toEqual([
      'promotion-end',
      'schedule',
      'baseline',
    ]);
    expect(publications[1].endResult).toMatch(/^ended: publication \d+$/);
    const audit = (await pub.call('GET', '/audit?action=promotion.end')).body.entries;
    expect(audit[0]).toMatchObject({ actor: 'system', target: 'screen:hello' });
  });

  it('a new promotion page ends on a "campaign ended" screen; an end superseded by a later publication does nothing', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app, { renew: true });
    const pub = await publisher(s.app, { renew: true });
    // A new screen has no previous revision: 'previous' is refused, a campaign-ended screen is not.
    const fresh = await reviewed(ed, 'flash-sale', screenText('flash-sale', 'Flash sale!'));
    const refused = await pub.call('POST', `/drafts/${fresh.draftId}/approve`, {
      revisionId: fresh.revisionId,
      endsAt: '2026-12-01T12:00:00+08:00',
    });
    expect(refused.status).toBe(422);
    const ok = await pub.call('POST', `/drafts/${fresh.draftId}/approve`, {
      revisionId: fresh.revisionId,
      endsAt: '2026-12-01T12:00:00+08:00',
      endFallback: 'screen:other',
    });
    expect(ok.status).toBe(200);
    expect(await label(s, 'flash-sale')).toBe('Flash sale!');
    s.clock.now = new Date('2026-12-01T04:00:00.000Z');
    await s.app.content.tick();
    const ended = await s.app.inject({ url: '/screens/flash-sale.json' });
    expect(ended.json()).toMatchObject({ id: 'flash-sale', body: [{ label: 'Other' }] });
    const system = (await pub.call('GET', '/documents/screen/flash-sale/revisions')).body.revisions[0];
    expect(system).toMatchObject({ author: 'system', source: 'system' });
    expect(system.message).toContain("'other'");

    // An end set on the live publication, then a newer publication: the end is void.
    const live = (await pub.call('GET', '/documents/screen/hello')).body.publication;
    const end = await pub.call('PUT', `/publications/${live.id}/end`, {
      endsAt: '2026-12-01T13:00:00+08:00',
      endFallback: 'screen:other',
    });
    expect(end.status).toBe(200);
    await publishText(ed, pub, 'screen', 'hello', screenText('hello', 'Newer'));
    s.clock.now = new Date('2026-12-01T06:00:00.000Z');
    await s.app.content.tick();
    expect(await label(s)).toBe('Newer');
    const old = (await pub.call('GET', '/documents/screen/hello/publications')).body.publications.find(
      (p: { id: number }) => p.id === live.id,
    );
    expect(old.endResult).toBe('superseded');
  });

  it('a schedule that can no longer be published goes back to review, with the reason in the audit log', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app, { renew: true });
    const pub = await publisher(s.app, { renew: true });
    const baseline = await liveId(ed, 'screen', 'hello');
    await publishText(ed, pub, 'screen', 'hello', screenText('hello', 'New'));
    const { draftId, revisionId } = await reviewed(ed, 'hello', screenText('hello', 'Scheduled'));
    await pub.call('POST', `/drafts/${draftId}/approve`, {
      revisionId,
      publishAt: '2026-12-01T11:00:00+08:00',
    });
    // The live version moves under the schedule (an urgent rollback): publishing the scheduled
    // draft now would silently undo it.
    await pub.call('POST', '/documents/screen/hello/rollback', { revisionId: baseline });
    s.clock.advance(2 * HOUR);
    await s.app.content.tick();
    expect(await label(s)).toBe('Go');
    const draft = (await pub.call('GET', `/drafts/${draftId}`)).body.draft;
    expect(draft).toMatchObject({ status: 'in_review', publishAt: null, liveChanged: true });
    const failed = (await pub.call('GET', '/audit?action=schedule.failed')).body.entries;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actor: 'system', draftId });
    expect(failed[0].detail.reason).toContain('live version of hello changed');

    // And one the checker refuses by then: its link's route was removed from the manifest.
    const links = screenText('other', 'To hello', {
      body: [{ type: 'button', label: 'x', onTap: [{ do: 'navigate', to: '/hello' }] }],
    });
    const other = await reviewed(ed, 'other', links);
    await pub.call('POST', `/drafts/${other.draftId}/approve`, {
      revisionId: other.revisionId,
      publishAt: '2026-12-01T14:00:00+08:00',
    });
    await publishText(
      ed,
      pub,
      'manifest',
      'manifest',
      JSON.stringify({ schemaVersion: 1, routes: [{ path: '/other', screen: 'other' }] }, null, 2),
    );
    s.clock.advance(3 * HOUR);
    await s.app.content.tick();
    expect(await label(s, 'other')).toBe('Other');
    const refused = (await pub.call('GET', '/audit?action=schedule.failed')).body.entries[0];
    expect(refused.detail.problems[0].message).toContain("'/hello' is not a route");
  });
});
