import type { Frame } from './engine';
import { BlockView } from './BlockView';

/** Renders a list of blocks, each isolated from the others. */
export function Blocks({ blocks, path, frame }: { blocks: unknown; path: string; frame: Frame }) {
  if (!Array.isArray(blocks)) return null;
  return (
    <>
      {blocks.map((block, i) => (
        <BlockView
          key={i}
          block={(block ?? {}) as Record<string, unknown>}
          path={`${path}/${i}`}
          frame={frame}
        />
      ))}
    </>
  );
}
