// @vitest-environment node
// A preview link shows a draft nobody has reviewed on the public origin, made by an editor alone
// (issue 28 item 7, docs/decisions.md "Issue 28 item 7: preview links"): it must not become a way
// to publish without review. It opens on its first three devices only (the phone that scanned its
// QR code needs no studio session), a draft gets ten links a day, a link lives a day at most, and
// nothing of it is indexed, cached or passed on in a Referer. Each device's first open is in the
// audit log, a refused device too. The studio runs as production runs it. SQLite and PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { backends, type Reply } from './helpers.js';
import {
  editor,
  liveId,
  publisher,
  screenText,
  startStudio,
  type Client,
  type StudioServer,
} from './studio-helpers.js';

const html = { accept: 'text/html' };

describe.each(backends)('preview links on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  async function draftOf(ed: Client): Promise<number> {
    const saved = await ed.call('PUT', '/documents/screen/hello/draft', {
      text: screenText('hello', 'Unreviewed words'),
      parentRevisionId: await liveId(ed, 'screen', 'hello'),
    });
    return saved.body.draft.id as number;
  }

  /** A device opening `path`: with its cookie once it has one. */
  function device() {
    let cookie = '';
    return async (path: string, method: 'GET' | 'HEAD' = 'GET') => {
      const res = await s.app.inject({
        method,
        url: path,
        headers: { ...html, ...(cookie ? { cookie } : {}) },
      });
      const set = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('lender_preview='));
      if (set) cookie = set.split(';')[0]!;
      return res;
    };
  }

  it('opens on its first three devices only, never indexed, cached or passed on; each open is audited', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const draft = await draftOf(ed);
    const link = await ed.call('POST', `/drafts/${draft}/preview-link`, {});
    expect(link.body).toMatchObject({ devices: 3 });
    const path = link.body.path as string;

    const phone = device();
    const first = await phone(path);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Unreviewed words');
    // The device cookie: random, this path only, never readable by the page; Secure in production.
    const cookies = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('lender_preview='))).toMatch(
      /^lender_preview=[A-Za-z0-9_-]{43}; Path=\/preview; Max-Age=86400; SameSite=Lax; HttpOnly; Secure$/,
    );
    const [laptop, colleague, stranger] = [device(), device(), device()];
    expect((await laptop(path)).statusCode).toBe(200);
    expect((await colleague(path)).statusCode).toBe(200);
    const refused = await stranger(path);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This preview link is used up');
    expect(refused.body).not.toContain('Unreviewed words');
    // The devices that opened it keep it for its life.
    expect((await phone(path)).statusCode).toBe(200);
    expect((await stranger(path)).statusCode).toBe(403);
    // A HEAD (a chat app unfurling the link) claims nothing. (A link made a second later: links
    // made in the same second for one draft are one link.)
    s.clock.advance(1000);
    const other = await ed.call('POST', `/drafts/${draft}/preview-link`, {});
    expect((await device()(other.body.path, 'HEAD')).statusCode).toBe(200);
    for (const d of [device(), device(), device()]) expect((await d(other.body.path)).statusCode).toBe(200);

    // Every reply under /preview/: not indexed, not kept, no Referer.
    const gone = await device()('/preview/1.1.x');
    for (const res of [first, refused, gone]) {
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(gone.statusCode).toBe(410);

    // The audit log: each device's first open, and the refused device (once per attempt).
    const pub = await publisher(s.app);
    const opens = (await pub.call('GET', `/audit?draftId=${draft}&action=preview.open`)).body.entries;
    expect(opens).toHaveLength(6);
    expect(opens.at(-1)).toMatchObject({
      actor: 'anonymous',
      target: 'screen:hello',
      detail: { device: 1, of: 3 },
    });
    const denied = (await pub.call('GET', '/audit?action=refused.preview-devices')).body.entries;
    expect(denied).toHaveLength(2);
    expect(denied[0]).toMatchObject({ draftId: draft, detail: { reason: 'opened on 3 devices already' } });
  });

  it('devices opening a link at once get no more than three places between them', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const link = await ed.call('POST', `/drafts/${await draftOf(ed)}/preview-link`, {});
    const replies = await Promise.all(Array.from({ length: 8 }, () => device()(link.body.path)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.statusCode === 403)).toHaveLength(5);
  });

  it('a draft gets ten links in 24 hours; a link lives a day at most; only its canonical spelling opens', async () => {
    s = await startStudio(backend, { previewMinutes: 7 * 24 * 60 });
    const ed = await editor(s.app, { renew: true });
    const draft = await draftOf(ed);
    const links: Reply[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await ed.call('POST', `/drafts/${draft}/preview-link`, {});
      expect(res.status).toBe(200);
      links.push(res.body);
    }
    const eleventh = await ed.call('POST', `/drafts/${draft}/preview-link`, {});
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe(
      'this draft has had 10 preview links in 24 hours: use one of them, or ask for a review',
    );
    // LENDER_PREVIEW_MINUTES of a week is cut to a day.
    expect(Date.parse(links[0]!.expiresAt) - s.clock.now.getTime()).toBe(24 * 60 * 60 * 1000);
    // The signature's other spellings (padding, the last character's spare bits) open nothing.
    const path = links[0]!.path as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(path.at(-1)!);
    for (const spelling of [
      `${path}=`,
      `${path.slice(0, -1)}${alphabet[last ^ 1]}`,
      `${path.slice(0, -1)}${alphabet[last ^ 2]}`,
    ])
      expect((await device()(spelling)).statusCode, spelling).toBe(410);
    expect((await device()(path)).statusCode).toBe(200);
    s.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await device()(path)).statusCode).toBe(410);
    expect((await ed.call('POST', `/drafts/${draft}/preview-link`, {})).status).toBe(200);
  });
});
