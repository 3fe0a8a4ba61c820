// The studio is a separate build into the same output folder, run when the app's build is done:
// its pages (studio.html, studio-preview.html) get their own chunks, and the app's chunks are
// exactly what they would be without the studio (a shared build would re-cut them). Borrowers
// never download any of it; the server serves the pages only when the studio flag is on.
import { resolve } from 'node:path';
import { build, type Plugin, type PluginOption } from 'vite';

export function studioBuild(root: string, plugins: () => PluginOption[]): Plugin {
  let outDir = 'dist';
  let target: string | string[] | false = 'es2020';
  let mode = 'production';
  return {
    name: 'lender-studio-build',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      target = config.build.target;
      mode = config.mode;
    },
    // The nested build has its own plugin list (no studioBuild in it), so it does not recurse.
    async closeBundle() {
      await build({
        configFile: false,
        root,
        mode,
        logLevel: 'warn',
        plugins: plugins(),
        build: {
          outDir,
          emptyOutDir: false,
          target,
          sourcemap: false,
          chunkSizeWarningLimit: 2000,
          rollupOptions: {
            input: {
              studio: resolve(root, 'studio.html'),
              studioPreview: resolve(root, 'studio-preview.html'),
            },
          },
        },
      });
    },
  };
}
