// @vitest-environment node
// Parts in the publishing flow (issue 18): a part is a document like a screen (draft, review,
// four eyes, publication); the server expands the parts a screen uses before serving it, so a
// published change to a part changes the bytes and the ETag of every screen that uses it, and a
// draft of a part never reaches a borrower. A part is never served itself, and a part that would
// break a screen using it cannot be published. SQLite and, with DATABASE_URL, PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import {
  BASE_ROUTES,
  editor,
  liveId,
  manifestText,
  publisher,
  startStudio,
  type StudioServer,
} from './studio-helpers.js';

const html = { accept: 'text/html' };
/** What the app's engine sends with a document request (src/app/loadScreen.ts). */
const ENGINE = { 'x-engine-version': '1.1' };

const partText = (toast: string, parameter = 'label') =>
  JSON.stringify(
    {
      schemaVersion: 1,
      part: 'go-button',
      parameters: { [parameter]: { type: 'text' } },
      blocks: [{ type: 'button', label: { $param: parameter }, onTap: [{ do: 'toast', text: toast }] }],
    },
    null,
    2,
  ) + '\n';

const helloText =
  JSON.stringify(
    {
      schemaVersion: 1,
      id: 'hello',
      title: 'hello',
      body: [{ type: 'part', part: 'go-button', with: { label: 'Go' } }],
    },
    null,
    2,
  ) + '\n';

const FILES = {
  'parts/go-button.json': partText('hi'),
  'hello.json': helloText,
  'manifest.json': manifestText(BASE_ROUTES),
};

/** What a borrower's app gets for /hello: the document (as the engine asks for it) and the page. */
async function borrower(s: StudioServer) {
  const doc = await s.app.inject({ url: '/screens/hello.json', headers: ENGINE });
  const page = await s.app.inject({ url: '/hello', headers: html });
  const inlined = /<script type="application\/json" id="screen-doc">([\s\S]*?)<\/script>/.exec(page.body);
  return {
    status: doc.statusCode,
    body: doc.body,
    toast: doc.json().body[0].onTap[0].text as string,
    etag: String(doc.headers.etag),
    revision: String(doc.headers['x-screen-revision']),
    pageEtag: String(page.headers.etag),
    pageToast: inlined ? (JSON.parse(inlined[1]!).doc.body[0].onTap[0].text as string) : null,
  };
}

describe.each(backends)('parts on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  it('every client gets the screen expanded, with one representation; a part is not served', async () => {
    s = await startStudio(backend, {}, FILES);
    const got = await borrower(s);
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body).body).toEqual([
      { type: 'button', label: 'Go', onTap: [{ do: 'toast', text: 'hi' }] },
    ]);
    expect(got.pageToast).toBe('hi');
    // A client that does not say it is the engine gets the same bytes: the text as written is the
    // studio's (its documents API) and screens:export's, never a second form of the borrower route.
    const plain = await s.app.inject({ url: '/screens/hello.json' });
    expect(plain.body).toBe(got.body);
    expect(plain.body).not.toBe(helloText);
    expect(plain.headers.etag).toBe(got.etag);
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['x-screen-revision']).toBe(got.revision);
    expect((await s.app.inject({ url: '/screens/parts/go-button.json', headers: ENGINE })).statusCode).toBe(
      404,
    );
  });

  it('a draft of a part never reaches a borrower; its publication changes the ETag of the screens using it', async () => {
    s = await startStudio(backend, {}, FILES);
    const ed = await editor(s.app);
    const pub = await publisher(s.app);
    const before = await borrower(s);

    const saved = await ed.call('PUT', '/documents/part/go-button/draft', {
      text: partText('hello again'),
      parentRevisionId: await liveId(ed, 'part', 'go-button'),
      message: 'friendlier toast',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ errors: 0, draft: { kind: 'part', status: 'draft' } });
    expect(await borrower(s)).toEqual(before);
    const draftId = saved.body.draft.id as number;
    expect((await ed.call('POST', `/drafts/${draftId}/review`, {})).status).toBe(200);
    expect(await borrower(s)).toEqual(before);
    // Four eyes, as for a screen.
    expect(
      (await ed.call('POST', `/drafts/${draftId}/approve`, { revisionId: saved.body.revision.id })).status,
    ).toBe(403);

    const approved = await pub.call('POST', `/drafts/${draftId}/approve`, {
      revisionId: saved.body.revision.id,
    });
    expect(approved.status).toBe(200);
    const after = await borrower(s);
    expect(after).toMatchObject({ status: 200, toast: 'hello again', pageToast: 'hello again' });
    expect(after.etag).not.toBe(before.etag);
    expect(after.revision).not.toBe(before.revision);
    expect(after.pageEtag).not.toBe(before.pageEtag);
    // A device revalidating its kept copy gets the new version.
    const revalidated = await s.app.inject({
      url: '/screens/hello.json',
      headers: { ...ENGINE, 'if-none-match': before.etag },
    });
    expect(revalidated.statusCode).toBe(200);
    // The screen's own text did not change: the studio still has it as written.
    const written = await ed.call('GET', '/documents/screen/hello');
    expect(JSON.stringify(written.body)).toContain(JSON.stringify(helloText));
  });

  it('a part that would break a screen using it is refused, naming the screen; the studio library lists it', async () => {
    s = await startStudio(backend, {}, FILES);
    const ed = await editor(s.app);
    const pub = await publisher(s.app);
    // Renaming the parameter would leave screen 'hello' giving one the part no longer has.
    const saved = await ed.call('PUT', '/documents/part/go-button/draft', {
      text: partText('hi', 'text'),
      parentRevisionId: await liveId(ed, 'part', 'go-button'),
    });
    expect(saved.status).toBe(200);
    const review = await ed.call('POST', `/drafts/${saved.body.draft.id as number}/review`, {});
    expect(review.status).toBe(422);
    expect(review.body.problems).toEqual([
      expect.objectContaining({
        line: 4,
        message: "screen 'hello' gives 'label', which is not a parameter here (hello.json:10:9)",
      }),
      expect.objectContaining({
        message: "'text' is required, but screen 'hello' does not give it (hello.json:8:7)",
      }),
    ]);
    // A publisher cannot take the shortcut either.
    expect(
      (
        await pub.call('POST', `/drafts/${saved.body.draft.id as number}/approve`, {
          revisionId: saved.body.revision.id,
        })
      ).status,
    ).toBe(409);
    expect((await borrower(s)).toast).toBe('hi');
    const library = await ed.call('GET', '/library');
    expect(library.status).toBe(200);
    expect(Object.keys(library.body.parts)).toEqual(['go-button']);
    expect(library.body.screens.hello).toBe(helloText);
  });
});
