// @vitest-environment node
// .ci/run fails when a dependency's install script is neither approved nor denied in package.json
// (scripts/install-scripts-check.ts reads `npm install-scripts ls --json`).
import { describe, expect, it } from 'vitest';
import { uncovered } from '../../../scripts/install-scripts-check';

describe('install-script approvals', () => {
  it('names every package npm reports as pending', () => {
    expect(
      uncovered({
        allowScripts: [
          { name: 'better-sqlite3', changes: [{ key: 'better-sqlite3@12.11.1', change: 'pending' }] },
          { name: 'esbuild', changes: [{ key: 'esbuild@0.28.2', change: 'pending' }] },
        ],
      }),
    ).toEqual(['better-sqlite3@12.11.1', 'esbuild@0.28.2']);
  });

  it('nothing pending (all approved or denied) passes', () => {
    expect(uncovered({ allowScripts: [] })).toEqual([]);
    expect(uncovered({})).toEqual([]);
  });
});
