// A block marked x-lazy (renderer/lazy.ts). Screen.tsx waits for the blocks its document names, so
// the block is normally here and draws at once. One that is not (a studio preview, a chunk that
// failed to load) draws behind a small placeholder until it arrives, or fails into the block's
// fallback like any block. The path is chosen once per mount: switching it would remount the
// block and lose what the borrower typed.
import { lazy, Suspense, useState } from 'react';
import type { BlockComponent, BlockProps } from './block';
import { loadedModule, loadModule } from './lazy';

export function lazyBlock(type: string): BlockComponent {
  const Late = lazy(async () => {
    await loadModule('block', type);
    const component = loadedModule<BlockComponent>('block', type);
    if (!component) throw new Error(`The "${type}" block could not be loaded`);
    return { default: component };
  });
  function LazyBlock(props: BlockProps) {
    const [Here] = useState(() => loadedModule<BlockComponent>('block', type));
    if (Here) return <Here {...props} />;
    return (
      <Suspense fallback={<div className="blk-loading" aria-busy="true" />}>
        <Late {...props} />
      </Suspense>
    );
  }
  LazyBlock.displayName = `LazyBlock(${type})`;
  return LazyBlock;
}
