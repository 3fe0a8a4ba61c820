// The server's renderer of borrower pages (issue 26): src/app/ssr/render.tsx with React, React
// DOM's server renderer, the router and the engine bundled into one module, dist-ssr/render.mjs,
// which the server imports on its first page (src/server/ssr/). Bundled whole (noExternal), so a
// production install needs no React: it is build-time only, like the app's own code.
import './scripts/node20-polyfills';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { conditions: ['browser', 'module', 'import', 'default'] },
  ssr: {
    noExternal: true,
    target: 'node',
    resolve: { conditions: ['browser', 'module', 'import', 'default'] },
  },
  build: {
    ssr: resolve(import.meta.dirname, 'src/app/ssr/render.tsx'),
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'render.mjs', codeSplitting: false } },
  },
});
