// The part of a Rollup/Rolldown output chunk the build plugins read (langChunk.ts, preloadMount.ts,
// lazyStyles.ts): one declaration, loose enough for a test's fake bundle.
export interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  facadeModuleId?: string | null;
  viteMetadata?: { importedCss?: Set<string> };
}
