// @vitest-environment node
// Issue 28 item 4, the checker's blind spots, through the studio API. The text `null` was a screen
// with no errors (it went live on /privacy and showed "Something went wrong" to every borrower),
// and draft text nested 5,000 levels deep answered 500 (the checker's stack overflowed). Now any
// document that is not an object of its kind, or is nested too deep, is refused with a clear
// message; and random JSON values and random text pushed through save, review and approval always
// get a 4xx (or a draft that holds errors) with a message, never a 5xx, never a publication.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../renderer/validate/validateDocument.js';
import { backends } from './helpers.js';
import {
  editor,
  liveId,
  publisher,
  screenText,
  startStudio,
  type Client,
  type StudioServer,
} from './studio-helpers.js';

const PART =
  JSON.stringify({ schemaVersion: 1, part: 'go', blocks: [{ type: 'text', text: 'Hi' }] }, null, 2) + '\n';

/** The parent a save must name: the open draft's head, else the live revision. */
async function parentOf(ed: Client, kind: string, name: string): Promise<number | null> {
  const { body } = await ed.call('GET', `/documents/${kind}/${name}`);
  return (body.draft?.headRevisionId as number | undefined) ?? (body.live?.id as number | undefined) ?? null;
}

const deep = (n: number, open: string, middle: string, close: string) =>
  open.repeat(n) + middle + close.repeat(n);

describe.each(backends)('documents that are not what they say (%s)', (backend) => {
  let s: StudioServer;
  let ed: Client;
  let pub: Client;
  beforeAll(async () => {
    s = await startStudio(backend, {}, { 'parts/go.json': PART });
    ed = await editor(s.app);
    pub = await publisher(s.app);
  });
  afterAll(async () => s?.close());

  /** Save, then ask for review: the save's reply and the review's. */
  async function saveAndReview(kind: string, name: string, text: unknown) {
    const saved = await ed.call('PUT', `/documents/${kind}/${name}/draft`, {
      text,
      parentRevisionId: await parentOf(ed, kind, name),
    });
    const review =
      saved.status === 200
        ? await ed.call('POST', `/drafts/${saved.body.draft.id as number}/review`, {})
        : null;
    return { saved, review };
  }

  it.each([
    ['screen', 'hello', 'null', 'a screen document must be a JSON object ({ ... }), not null'],
    ['screen', 'hello', '[1, 2]', 'a screen document must be a JSON object ({ ... }), not a list ([ ... ])'],
    ['screen', 'hello', PART, "this is a part (it has 'part'), not a screen document"],
    ['part', 'go', '"go"', 'a part must be a JSON object ({ ... }), not a text'],
    ['part', 'go', screenText('go', 'Go'), "this is a screen (it has 'id' or 'body'), not a part"],
    ['manifest', 'manifest', 'true', 'the manifest must be a JSON object ({ ... }), not true'],
  ])('a %s saved as %j is refused at review with one clear error', async (kind, name, text, message) => {
    const { saved, review } = await saveAndReview(kind, name, text);
    expect(saved.status).toBe(200);
    expect(saved.body.errors).toBe(1);
    expect(review!.status).toBe(422);
    expect(review!.body.problems).toEqual([expect.objectContaining({ message, keyword: 'kind', line: 1 })]);
  });

  it('text nested 5,000 levels deep is refused with the limit, not a 500', async () => {
    for (const text of [deep(5000, '[', '', ']'), deep(5000, '{"a":', '1', '}')]) {
      const { saved, review } = await saveAndReview('screen', 'hello', text);
      expect(saved.status).toBe(200);
      expect(saved.body.problems).toEqual([
        expect.objectContaining({
          keyword: 'depth',
          message: expect.stringContaining(`nested more than ${MAX_DEPTH} levels deep`),
        }),
      ]);
      expect(review!.status).toBe(422);
    }
  });

  it('random JSON values and random text: a 4xx or a draft with errors, with a message; never a 5xx, never live', async () => {
    const before = {
      screen: await liveId(ed, 'screen', 'hello'),
      part: await liveId(ed, 'part', 'go'),
      manifest: await liveId(ed, 'manifest', 'manifest'),
    };
    const documents = fc.constantFrom(
      ['screen', 'hello'] as const,
      ['screen', 'fuzzed'] as const,
      ['part', 'go'] as const,
      ['manifest', 'manifest'] as const,
    );
    const texts = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.jsonValue().map((v) => JSON.stringify(v, null, 2)),
      fc.string({ maxLength: 400 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.integer({ min: MAX_DEPTH - 2, max: 6000 }).map((n) => deep(n, '[', '', ']')),
      fc.integer({ min: MAX_DEPTH - 2, max: 6000 }).map((n) => deep(n, '{"body":', '[]', '}')),
      // Not a text at all: the JSON value itself as the request's `text`.
      fc.jsonValue().filter((v) => typeof v !== 'string'),
    );
    await fc.assert(
      fc.asyncProperty(documents, texts, async ([kind, name], text) => {
        const { saved, review } = await saveAndReview(kind, name, text);
        expect(saved.status).toBeLessThan(500);
        if (saved.status !== 200) {
          expect(saved.status).toBeGreaterThanOrEqual(400);
          expect(String(saved.body.message)).toMatch(/\w/);
          return;
        }
        // A draft may hold errors; then it says which.
        expect(saved.body.errors).toBeGreaterThan(0);
        expect(saved.body.problems.length).toBeGreaterThan(0);
        for (const p of saved.body.problems as { message: string; line: number }[]) {
          expect(p.message).toMatch(/\w/);
          expect(p.line).toBeGreaterThanOrEqual(1);
        }
        expect(review!.status).toBe(422);
        expect(String(review!.body.message)).toMatch(/fix \d+ errors? before asking for a review/);
        const approve = await pub.call('POST', `/drafts/${saved.body.draft.id as number}/approve`, {
          revisionId: saved.body.revision?.id,
        });
        expect(approve.status).toBeGreaterThanOrEqual(400);
        expect(approve.status).toBeLessThan(500);
        expect(String(approve.body.message)).toMatch(/\w/);
      }),
      { numRuns: 60 },
    );
    expect({
      screen: await liveId(ed, 'screen', 'hello'),
      part: await liveId(ed, 'part', 'go'),
      manifest: await liveId(ed, 'manifest', 'manifest'),
    }).toEqual(before);
    expect(await liveId(ed, 'screen', 'fuzzed')).toBeNull();
  });
});
