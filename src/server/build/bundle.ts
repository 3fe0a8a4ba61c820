// Build time only (never imported by the server): the production build of the reference server.
// esbuild bundles src/server/main.ts and everything it imports from this repository (the config,
// the manifest logic, the checker, the generated validators) into dist-server/, and leaves every
// npm package as an import, so the result runs with `node` on `npm ci --omit=dev`.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { validatorStamp } from '../../wire/stamp.js';

export interface BundleResult {
  outdir: string;
  /** The entry to run: `node --enable-source-maps <entry>`. */
  entry: string;
  /** The npm packages the bundle imports (each must be a runtime dependency). */
  packages: string[];
}

/**
 * At run time the server stamps inlined documents with the validators' fingerprint, which it
 * computes from renderer/validate/validators.gen.js in the repository; the built server has no
 * repository, so the fingerprint is computed here and compiled in.
 */
function compiledStamp(root: string): Plugin {
  const stamp = validatorStamp(root);
  return {
    name: 'lender-validator-stamp',
    setup(b) {
      // The module the server takes the fingerprint from (src/wire/stamp.ts), whatever imports it.
      b.onLoad({ filter: /[\\/]src[\\/]wire[\\/]stamp\.ts$/ }, () => ({
        contents: `export const validatorStamp = () => ${JSON.stringify(stamp)};`,
        loader: 'js',
      }));
    },
  };
}

/** The package name of a bare import (`@scope/name/sub` → `@scope/name`), or null for node: and files. */
function packageOf(path: string): string | null {
  if (path.startsWith('node:') || path.startsWith('.') || path.startsWith('/')) return null;
  const parts = path.split('/');
  return path.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

function importedPackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const imported of output.imports)
      if (imported.external) {
        const name = packageOf(imported.path);
        if (name) names.add(name);
      }
  return [...names].sort();
}

/**
 * Bundles the server into `outdir` (default dist-server/). Fails when the bundle imports a package
 * that is not in package.json's `dependencies`: `npm ci --omit=dev` would not install it.
 * The studio's plugin stays a separate chunk, loaded only when the studio is on.
 */
export async function bundleServer(root: string, outdir = join(root, 'dist-server')): Promise<BundleResult> {
  const result = await build({
    absWorkingDir: root,
    // The account and export commands too: a production host has no tsx to run scripts/ with.
    entryPoints: {
      main: resolve(root, 'src/server/main.ts'),
      'studio-user': resolve(root, 'scripts/studio-user.ts'),
      'screens-export': resolve(root, 'scripts/screens-export.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    // Links the map to sources relative to the output, so stack traces name src/server/... files.
    sourceRoot: relative(outdir, root),
    metafile: true,
    logLevel: 'warning',
    plugins: [compiledStamp(root)],
  });
  const packages = importedPackages(result.metafile);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const missing = packages.filter((name) => !(name in (pkg.dependencies ?? {})));
  if (missing.length > 0)
    throw new Error(
      `The server imports ${missing.join(', ')}, which ${missing.length > 1 ? 'are' : 'is'} not in package.json "dependencies": ` +
        'a production install (npm ci --omit=dev) would not have it. Move it to "dependencies".',
    );
  return { outdir, entry: join(outdir, 'main.mjs'), packages };
}
