// @vitest-environment node
// A preview link whose draft passed the checker but cannot be expanded (issue 27 item 6): the link
// answers 410 with the "no longer works" page, as for a failing draft, and never a 500. Only a
// checker slip reaches this path (the checker runs the same resolver on the same live set), so the
// slip is injected: serve.ts refuses to expand the draft's text exactly as it does when the
// resolver reports an error (ExpansionError). Everything else is the real server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backends } from './helpers.js';
import { editor, liveId, screenText, startStudio, type StudioServer } from './studio-helpers.js';

/** The label that marks the draft the resolver "cannot expand". */
const SLIP = 'Expands in the checker only';

vi.mock('../../src/server/publishing/serve.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/publishing/serve.js')>();
  return {
    ...real,
    servedScreen: (name: string, text: string, library: Parameters<typeof real.servedScreen>[2]) => {
      if (text.includes(SLIP)) throw new real.ExpansionError(`screen '${name}' cannot be expanded: injected`);
      return real.servedScreen(name, text, library);
    },
  };
});

const html = { accept: 'text/html' };

describe.each(backends)('a preview link on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  it('whose checked draft cannot expand answers 410 with the plain page, and the server goes on', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const saved = await ed.call('PUT', '/documents/screen/hello/draft', {
      text: screenText('hello', SLIP),
      parentRevisionId: await liveId(ed, 'screen', 'hello'),
    });
    expect(saved.body).toMatchObject({ errors: 0 });
    const link = await ed.call('POST', `/drafts/${saved.body.draft.id}/preview-link`, {});
    expect(link.status).toBe(200);

    const open = await s.app.inject({ url: link.body.path, headers: html });
    expect(open.statusCode).toBe(410);
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.body).toContain('This preview link no longer works');
    expect(open.body).not.toContain(SLIP);

    // Borrowers still get the live screen.
    const live = await s.app.inject({ url: '/screens/hello.json' });
    expect(live.statusCode).toBe(200);
    expect(live.json().body[0].label).toBe('Go');
  });
});
