// Build time (Vite plugin): names the chunk of the language's lazily loaded part
// (renderer/lang/runtime.ts) in the page, as <meta name="lang-chunk">, so the app can preload it
// beside the React part when the first screen's document needs it (src/app/firstScreen.ts),
// and only then. Importing it from the first chunk instead would make the bundler split the
// engine into more shared chunks, which costs the first screen of every page bytes.
import type { Plugin } from 'vite';
import type { ChunkLike } from './chunkLike';

const RUNTIME = /[\\/]renderer[\\/]lang[\\/]runtime\.ts$/;

export const LANG_CHUNK_META = 'lang-chunk';

export function langChunk(): Plugin {
  let base = '/';
  return {
    name: 'lender-lang-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as Record<string, ChunkLike> | undefined;
        const chunk = Object.values(bundle ?? {}).find(
          (c) => c.type === 'chunk' && RUNTIME.test(c.facadeModuleId ?? ''),
        );
        if (!chunk) return [];
        return [
          {
            tag: 'meta',
            attrs: { name: LANG_CHUNK_META, content: `${base}${chunk.fileName}` },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}
