// Renders one block: its visibility, its component from the registry, and its isolation.
// A block that throws (or whose type this engine does not know) is replaced by its
// `fallback`, or a small placeholder, and reported; its siblings keep working.
import { Component, Suspense, type ReactNode } from 'react';
import { blockRegistry } from './blocks/registry.gen';
import { useEngine, type Engine, type Frame } from './engine';
import { useEval } from './hooks';
import { isTruthy } from './expr/values';

type AnyBlock = Record<string, unknown> & { type?: unknown; visible?: unknown; fallback?: unknown };

interface Props {
  block: AnyBlock;
  path: string;
  frame: Frame;
}

export function BlockView({ block, path, frame }: Props) {
  const engine = useEngine();
  return (
    <BlockBoundary engine={engine} block={block} path={path} frame={frame}>
      <VisibleBlock block={block} path={path} frame={frame} />
    </BlockBoundary>
  );
}

function VisibleBlock({ block, path, frame }: Props) {
  const evaluate = useEval(frame);
  if (block.visible !== undefined && !isTruthy(evaluate(block.visible))) return null;
  const type = typeof block.type === 'string' ? block.type : '';
  const Component = Object.prototype.hasOwnProperty.call(blockRegistry, type)
    ? blockRegistry[type]
    : undefined;
  if (!Component) throw new UnknownBlockError(type);
  return (
    <Suspense fallback={<div className="blk-loading" aria-busy="true" />}>
      <Component block={block} path={path} frame={frame} />
    </Suspense>
  );
}

class UnknownBlockError extends Error {
  code = 'unknown-block';
  constructor(type: string) {
    super(`Unknown block type "${type}"`);
  }
}

interface BoundaryProps extends Props {
  engine: Engine;
  children: ReactNode;
}

class BlockBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    const { engine, path } = this.props;
    engine.host.report({
      screenId: engine.screenId,
      blockPath: path,
      code: error instanceof UnknownBlockError ? error.code : 'block-failed',
      message: error instanceof Error ? error.message : String(error),
    });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { block, path, frame } = this.props;
    if (block.fallback === null) return null;
    if (block.fallback && typeof block.fallback === 'object') {
      // The fallback has no fallback of its own: if it fails too, the placeholder shows.
      const { fallback: _ignored, ...rest } = block.fallback as AnyBlock;
      return <BlockView block={{ ...rest, fallback: undefined }} path={`${path}/fallback`} frame={frame} />;
    }
    return <div className="blk-placeholder" role="note" aria-label="This part could not be shown" />;
  }
}
