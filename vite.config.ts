/// <reference types="vitest/config" />
import './scripts/node20-polyfills';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { axiosAdapters } from './src/app/build/axiosAdapters';
import { noEval } from './src/app/build/noEval';
import { promoEntry, screenSources } from './src/app/build/screenSources';
import { precompress } from './src/app/build/precompress';
import { reactRouterProduction } from './src/app/build/reactRouterProduction';
import { reactRouterTreeShake } from './src/app/build/reactRouterTreeShake';
import { preloadMount } from './src/app/build/preloadMount';
import { langChunk } from './src/app/build/langChunk';
import { lazyStyles } from './src/app/build/lazyStyles';
import { screenStamp } from './src/app/build/screenStamp';
import { shellChunk } from './src/app/build/shellChunk';
import { studioBuild } from './src/studio/build/studioBuild';
import { studioEntry } from './src/studio/build/studioEntry';

/** Paths the reference server answers; the dev server passes them on (npm run serve on :8787). */
const SERVER = process.env.LENDER_SERVER ?? 'http://127.0.0.1:8787';
const PROXIED = '^/(nepenthes|v3|ndustan|service|gopia|api|screens|uploads|dev|preview|studio/api)(/|$)';
const proxy = { [PROXIED]: { target: SERVER, changeOrigin: false } };

export default defineConfig({
  plugins: [
    react(),
    axiosAdapters(),
    reactRouterProduction(),
    reactRouterTreeShake(),
    noEval(),
    screenSources(resolve(import.meta.dirname, 'screens')),
    screenStamp(import.meta.dirname),
    preloadMount(),
    lazyStyles(),
    langChunk(),
    shellChunk(),
    promoEntry(),
    studioEntry(),
    precompress(),
    // The screen studio (issue 9) is built after the app, on its own: see src/studio/build/studioBuild.ts.
    studioBuild(import.meta.dirname, () => [
      react(),
      screenSources(resolve(import.meta.dirname, 'screens')),
      screenStamp(import.meta.dirname),
      precompress(),
    ]),
  ],
  build: {
    target: 'es2020',
    sourcemap: false,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        promo: resolve(import.meta.dirname, 'promo.html'),
      },
    },
  },
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'jsdom',
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/schema/**/*.test.ts', 'tests/server/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20000,
    // Set-ups start servers, copy the screens and migrate databases: on a busy 2-core machine (load
    // 13 in a CI run) vitest's default 10 s failed three suites' beforeAll with nothing wrong.
    // Budgets live in the benchmarks, not in timeouts.
    hookTimeout: 60000,
  },
});
