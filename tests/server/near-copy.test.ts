// @vitest-environment node
// Issue 27 item 1: one checker. A screen that copies another (more than 30 shared lines) was
// refused by `screens:check` but saved, reviewed and published through the studio, because only
// the folder checker knew the set's rules. Now the studio's save reports it, review refuses it
// with the very message `screens:check` prints for the same files, and so does the approval.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { BASE_ROUTES, editor, manifestText, startStudio, type StudioServer } from './studio-helpers.js';

const ROOT = process.cwd();

/** A screen of 40 different lines of text: long enough that a copy shares more than 30. */
const longScreen = (id: string) =>
  JSON.stringify(
    {
      schemaVersion: 1,
      id,
      title: id,
      body: Array.from({ length: 40 }, (_, i) => ({ type: 'text', text: `Clause ${i} of the terms` })),
    },
    null,
    2,
  ) + '\n';

/** The lines `npm run screens:check` prints for a folder, and its exit status. */
function screensCheck(dir: string): { status: number | null; lines: string[] } {
  const out = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/screens-check.ts'), dir], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: out.status, lines: (out.stdout + out.stderr).split('\n') };
}

describe.each(backends)('a near-copy through the studio on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  it('review refuses it with the message screens:check gives for the same files', async () => {
    const routes = [...BASE_ROUTES, { path: '/terms', screen: 'terms' }, { path: '/copy', screen: 'copy' }];
    s = await startStudio(
      backend,
      {},
      { 'terms.json': longScreen('terms'), 'manifest.json': manifestText(routes) },
    );
    const ed = await editor(s.app);

    const saved = await ed.call('PUT', '/documents/screen/copy/draft', {
      text: longScreen('copy'),
      parentRevisionId: null,
    });
    // A draft may hold errors: the save keeps it and says what is wrong.
    expect(saved.status).toBe(200);
    expect(saved.body.errors).toBe(1);
    const review = await ed.call('POST', `/drafts/${saved.body.draft.id as number}/review`, {});
    expect(review.status).toBe(422);
    const refused = (review.body.problems as { keyword: string; message: string; severity: string }[]).filter(
      (p) => p.keyword === 'near-copy',
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]!.severity).toBe('error');

    // The same two files in a screens folder.
    const dir = join(s.dir, 'screens');
    writeFileSync(join(dir, 'copy.json'), longScreen('copy'));
    const checked = screensCheck(dir);
    expect(checked.status).toBe(1);
    expect(checked.lines).toContain(`copy.json:1:1  (top)  ${refused[0]!.message}`);
    expect(refused[0]!.message).toMatch(/^shares \d+ lines with terms\.json .*at most 30 allowed/);
  });
});
