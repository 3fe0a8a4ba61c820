// Build time (Vite plugin): the entries import their React part dynamically (src/app/boot.ts), so
// Vite would fetch it only once the first chunk has run. This puts <link rel="modulepreload"> for
// that part (and its stylesheet) in the page, so both download together from the start.
import type { Plugin } from 'vite';
import type { ChunkLike } from './chunkLike';

const MOUNT = /[\\/]src[\\/]app[\\/]mount[A-Z][A-Za-z]*\.tsx$/;

export function preloadMount(): Plugin {
  let base = '/';
  return {
    name: 'lender-preload-mount',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as Record<string, ChunkLike> | undefined;
        const entry = ctx.chunk as ChunkLike | undefined;
        if (!bundle || !entry) return [];
        const graph = (file: string, into = new Set<string>()) => {
          if (into.has(file)) return into;
          into.add(file);
          for (const dep of bundle[file]?.imports ?? []) graph(dep, into);
          return into;
        };
        const present = graph(entry.fileName);
        const files = new Set<string>();
        for (const file of entry.dynamicImports ?? [])
          if (MOUNT.test(bundle[file]?.facadeModuleId ?? '')) graph(file, files);
        const tags = [];
        for (const file of files) {
          if (present.has(file)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          });
          for (const css of bundle[file]?.viteMetadata?.importedCss ?? [])
            tags.push({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${css}` },
              injectTo: 'head' as const,
            });
        }
        return tags;
      },
    },
  };
}
