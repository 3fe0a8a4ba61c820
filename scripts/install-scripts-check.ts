// npm run install-scripts:check (and .ci/run, after `npm ci`): every dependency install script is
// approved or denied in package.json's allowScripts. npm 11 warns about the others and is moving
// to skip them; then better-sqlite3 is not built and `npm start` fails on a fresh machine. Reads
// `npm install-scripts ls --json`; exits 1 naming what is not covered (approve it after review:
// `npm install-scripts approve <pkg>`, or deny it).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Report {
  allowScripts?: { name?: string; changes?: { key?: string; change?: string }[] }[];
}

/** The packages whose install scripts allowScripts does not cover yet. */
export function uncovered(report: Report): string[] {
  return (report.allowScripts ?? []).flatMap((entry) =>
    (entry.changes ?? [])
      .filter((change) => change.change === 'pending')
      .map((change) => change.key ?? entry.name ?? '?'),
  );
}

/** A failure message for the project in `dir`, or null when every install script is covered. */
export function checkInstallScripts(dir: string): string | null {
  // npm reads the installed tree: without node_modules it reports nothing, and this would pass.
  if (!existsSync(join(dir, 'node_modules')))
    return 'install-scripts: no node_modules here; run it after `npm ci`.';
  let text: string;
  try {
    text = execFileSync('npm', ['install-scripts', 'ls', '--json'], { cwd: dir, encoding: 'utf8' });
  } catch (error) {
    return `install-scripts: \`npm install-scripts ls\` failed (npm 11.x needed): ${String(error)}`;
  }
  const pending = uncovered(JSON.parse(text || '{}') as Report);
  if (pending.length === 0) return null;
  return (
    `install-scripts: not covered by allowScripts in package.json: ${pending.join(', ')}.\n` +
    'npm skips these scripts (or will): review each, then `npm install-scripts approve <pkg>` or `deny <pkg>`.'
  );
}

function main(): void {
  const problem = checkInstallScripts(process.cwd());
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log('install-scripts: every dependency install script is approved or denied.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
