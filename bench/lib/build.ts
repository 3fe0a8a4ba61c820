// Production builds for the bench: the app (the reference server serves it from DIST_DIR) and
// the minimal peer pages, each with Vite's defaults and the app's browser target.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { gz } from './stats';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const APP_DIST = process.env.BENCH_DIST ?? '/tmp/dist-bench';

/**
 * The app exactly as `npm run build` makes it (vite.config.ts), into APP_DIST. BENCH_SKIP_BUILD=1
 * measures a build already there instead (how bench/before.json was re-measured: an older build).
 */
export async function buildApp(outDir = APP_DIST): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  // The server's page renderer (issue 26), as `npm run build:ssr` makes it.
  await build({
    configFile: join(ROOT, 'vite.ssr.config.ts'),
    logLevel: 'error',
    build: { outDir: `${outDir}-ssr`, emptyOutDir: true },
  });
}

/**
 * LENDER_SSR_MODULE for a server of the build in `outDir`: its renderer, or '' (the phone draws
 * every page, as before issue 26) with BENCH_SSR=0, for a before/after in one tree.
 */
export const ssrModuleOf = (outDir = APP_DIST): string =>
  process.env.BENCH_SSR === '0' ? '' : join(`${outDir}-ssr`, 'render.mjs');

/** The app's font stack (renderer/theme.css `--font`): every peer page draws its text in it. */
export function appFontStack(): string {
  const theme = readFileSync(join(ROOT, 'renderer/theme.css'), 'utf8');
  const stack = /--font:\s*([^;]+);/.exec(theme)?.[1]?.trim();
  if (!stack) throw new Error('renderer/theme.css has no --font');
  return stack;
}

/** A page folder (index.html + its entry) built on its own, with relative asset paths. */
export async function buildPage(dir: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: dir,
    base: './',
    plugins: [react()],
    define: { __BENCH_FONT__: JSON.stringify(appFontStack()) },
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, target: 'es2020', chunkSizeWarningLimit: 4096 },
  });
}

export interface Asset {
  file: string;
  bytes: number;
  gz: number;
}

/** Every file of one kind under dir, with its raw and gzip -9 sizes. */
export function assets(dir: string, ext: '.js' | '.css'): Asset[] {
  const out: Asset[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(ext)) {
        const body = readFileSync(path);
        out.push({ file: relative(dir, path), bytes: body.length, gz: gz(body) });
      }
    }
  };
  walk(dir);
  return out;
}

export const total = (list: readonly { gz: number }[]): number => list.reduce((sum, a) => sum + a.gz, 0);
