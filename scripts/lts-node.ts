// The Node.js the production path is proven on (issue 27 item 5): the version in `.nvmrc`, on the
// current LTS line. When the running Node is of another major (this project's machines run 20 for
// development), the official build is installed from the npm registry, the ordinary way: the
// `node-<platform>-<arch>` package holds `bin/node` and, in `include/node`, the headers node-gyp
// compiles better-sqlite3 against (offline: the machine's ~/.npmrc points node-gyp at the running
// Node's headers, so a build for another Node must be told where its own are). Installed once into
// a cache folder (about 190 MB; `LENDER_NODE_CACHE` moves it), then reused.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

export interface Runtime {
  /** The node binary. */
  node: string;
  version: string;
  /** What a child process that runs npm (and node-gyp) under this Node needs in its environment. */
  env: Record<string, string>;
}

/** The pinned version: `.nvmrc`, as nvm, fnm and most CI images read it ("24.21.0"). */
export function pinnedVersion(): string {
  const version = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`.nvmrc: expected a version like 24.21.0, got "${version}"`);
  return version;
}

const major = (version: string) => version.replace(/^v/, '').split('.')[0];

/** Environment for npm under `node`: it first on PATH (npm's `#!/usr/bin/env node`), its headers for node-gyp. */
function runtimeEnv(node: string, headers: string | null): Record<string, string> {
  const env: Record<string, string> = { PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` };
  if (headers) env.npm_config_nodedir = headers;
  return env;
}

/**
 * The running Node when it is of the pinned major; otherwise the pinned build, installed into the
 * cache on first use. Logs what it does through `say`.
 */
export function ltsNode(say: (line: string) => void = console.log): Runtime {
  const version = pinnedVersion();
  if (major(process.version) === major(version)) {
    const prefix = dirname(dirname(process.execPath));
    const headers = existsSync(join(prefix, 'include', 'node', 'common.gypi')) ? prefix : null;
    return { node: process.execPath, version: process.version, env: runtimeEnv(process.execPath, headers) };
  }
  const pkg = `node-${process.platform}-${process.arch}`;
  const cache = process.env.LENDER_NODE_CACHE ?? join(homedir(), '.cache', 'lender-h5');
  const home = join(cache, `${pkg}-${version}`);
  const dir = join(home, 'node_modules', pkg);
  const node = join(dir, 'bin', 'node');
  if (!existsSync(node)) {
    const started = Date.now();
    say(`installing Node ${version} (${pkg}) from the npm registry into ${home}`);
    // Into a fresh folder first, then renamed: a run cut short leaves no half-installed Node behind.
    const partial = `${home}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        partial,
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${pkg}@${version}`,
      ],
      { stdio: 'inherit' },
    );
    rmSync(home, { recursive: true, force: true });
    renameSync(partial, home);
    say(`installed Node ${version} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const reported = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${node} reports ${reported}, expected v${version}`);
  return { node, version: reported, env: runtimeEnv(node, dir) };
}
