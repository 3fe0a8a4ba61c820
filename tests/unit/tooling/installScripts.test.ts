// @vitest-environment node
// .ci/run fails when a dependency's install script is neither approved nor denied in package.json
// (scripts/install-scripts-check.ts reads `npm install-scripts ls --json`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInstallScripts, uncovered } from '../../../scripts/install-scripts-check';

const ROOT = resolve(import.meta.dirname, '../../..');

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

// The real npm over the installed tree: this project's package.json, and a copy of it with one
// approval removed (what .ci/run must catch).
describe('the check over the installed packages (npm install-scripts ls)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function project(edit: (pkg: { allowScripts?: Record<string, boolean> }) => void): string {
    mkdirSync(join(ROOT, 'data'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, 'data', 'install-scripts-'));
    dirs.push(dir);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    edit(pkg);
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    writeFileSync(join(dir, 'package-lock.json'), readFileSync(join(ROOT, 'package-lock.json')));
    // A hard-linked copy, not a symlink: npm treats packages reached through a symlinked
    // node_modules as linked folders, whose `prepare` scripts it would run, and lists dozens of
    // them as pending. Hard links need the same file system, hence a folder under data/.
    execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
    return dir;
  }

  it('passes with the approvals package.json has', () => {
    expect(checkInstallScripts(project(() => undefined))).toBeNull();
  }, 60_000);

  it.each(['better-sqlite3', 'esbuild'])(
    'fails naming %s when its approval is removed',
    (name) => {
      const problem = checkInstallScripts(project((pkg) => delete pkg.allowScripts?.[name]));
      expect(problem).toContain(`not covered by allowScripts in package.json: ${name}@`);
    },
    60_000,
  );

  it('refuses to pass where nothing is installed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'install-scripts-'));
    dirs.push(dir);
    expect(checkInstallScripts(dir)).toMatch(/no node_modules/);
  });
});
