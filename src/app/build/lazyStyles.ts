// Build time (Vite plugin): the stylesheets of each x-lazy block (renderer/blocks/lazy.gen.ts), by
// block type, in dist/lazy-styles.json. The phone loads them with the block's code; a page the
// server draws (issue 26) is painted before that code comes, so the server links the ones its
// document uses in the page's head (src/server/ssr/lazy-styles.ts). Without them the landing's form
// fields painted bare and jumped when the page hydrated (layout shift 0.07).
import type { Plugin } from 'vite';
import type { ChunkLike } from './chunkLike';
import { LAZY_STYLES_FILE } from '../../wire/page';

/** renderer/blocks/<Pascal>.tsx, the module a lazy block's import() names (src/schema-gen/registries.ts). */
const BLOCK = /[\\/]renderer[\\/]blocks[\\/]([A-Z][A-Za-z0-9]*)\.tsx$/;

/** Block type by its module's name: the inverse of the generator's pascal(). */
const typeOf = (pascal: string) => pascal[0]!.toLowerCase() + pascal.slice(1);

/**
 * Each lazy block's stylesheets (those of the chunks it imports, then its own), as page addresses, in
 * the order they apply.
 */
export function lazyStylesOf(bundle: Record<string, ChunkLike>, base: string): Record<string, string[]> {
  const cssOf = (file: string, seen: Set<string>, into: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    // What a chunk imports comes first, as the loader applies it: a block's own rules win.
    for (const dep of chunk?.imports ?? []) cssOf(dep, seen, into);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) into.add(`${base}${css}`);
  };
  const styles: Record<string, string[]> = {};
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isDynamicEntry) continue;
    const block = BLOCK.exec(chunk.facadeModuleId ?? '');
    if (!block) continue;
    const css = new Set<string>();
    cssOf(chunk.fileName, new Set(), css);
    if (css.size > 0) styles[typeOf(block[1]!)] = [...css];
  }
  return styles;
}

export function lazyStyles(): Plugin {
  let base = '/';
  return {
    name: 'lender-lazy-styles',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const styles = lazyStylesOf(bundle as unknown as Record<string, ChunkLike>, base);
      this.emitFile({
        type: 'asset',
        fileName: LAZY_STYLES_FILE,
        source: `${JSON.stringify(styles, null, 2)}\n`,
      });
    },
  };
}
