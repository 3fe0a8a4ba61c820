// Renders one block: its visibility, its component from the registry, and its isolation.
// A block that throws (or whose type this engine does not know) is replaced by its
// `fallback`, or a small placeholder, and reported; its siblings keep working. A block whose
// `requires` this engine or app does not meet shows its `fallback`, or nothing.
import { Component } from 'react';
import { blockRegistry } from './blocks/registry.gen';
import { EngineContext, type Engine, type Frame } from './engine';
import { useEval } from './hooks';
import { isTruthy } from './expr/values';
import { capabilitiesOf, meets } from './lang/requires';
import { languageModule } from './lang/load';

type AnyBlock = Record<string, unknown> & {
  type?: unknown;
  visible?: unknown;
  fallback?: unknown;
  requires?: unknown;
  onAppear?: unknown;
};

interface Props {
  block: AnyBlock;
  path: string;
  frame: Frame;
}

function componentOf(block: AnyBlock) {
  const type = typeof block.type === 'string' ? block.type : '';
  return Object.prototype.hasOwnProperty.call(blockRegistry, type) ? blockRegistry[type] : undefined;
}

/** The block's component, and its appear watcher if it has one; throws for an unknown type. */
function draw({ block, path, frame }: Props, Component = componentOf(block)) {
  if (!Component)
    throw Object.assign(
      new Error(`Unknown block type "${typeof block.type === 'string' ? block.type : ''}"`),
      {
        code: 'unknown-block',
      },
    );
  // x-lazy blocks bring their own Suspense, only when they need one (renderer/lazyBlock.tsx).
  const drawn = <Component block={block} path={path} frame={frame} />;
  // The screen waited for the language's lazy part, which runs appear events (lang/needs.ts); if it
  // could not be loaded, that was reported and the block shows without them.
  const Appear = block.onAppear === undefined ? null : languageModule()?.Appear;
  if (!Appear) return drawn;
  return (
    <Appear actions={block.onAppear} path={path} frame={frame}>
      {drawn}
    </Appear>
  );
}

/**
 * A block with a `visible` expression (its own fiber reads the state, so it redraws alone), or of
 * an unknown type (it throws here, in a child of the boundary).
 */
function VisibleBlock(props: Props) {
  const evaluate = useEval(props.frame);
  const { visible } = props.block;
  return visible !== undefined && !isTruthy(evaluate(visible)) ? null : draw(props);
}

/** The block and its error boundary in one fiber: a screen has hundreds of blocks. */
export class BlockView extends Component<Props, { failed: boolean }> {
  static override contextType = EngineContext;
  declare context: Engine | null;
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    const engine = this.context;
    // A refusal says why with its code (unknown-block, offsite-session); anything else failed.
    const code = (error as { code?: unknown } | null)?.code;
    engine?.host.report({
      screenId: engine.screenId,
      blockPath: this.props.path,
      code: typeof code === 'string' ? code : 'block-failed',
      message: error instanceof Error ? error.message : String(error),
    });
  }

  override render() {
    const { block, path, frame } = this.props;
    const engine = this.context;
    const unmet =
      block.requires !== undefined &&
      engine !== null &&
      !meets(block.requires, (engine.capabilities ??= capabilitiesOf(engine.host)));
    if (unmet) return block.fallback ? this.fallback() : null;
    if (this.state.failed) return this.fallback();
    // Most blocks have no `visible`: the block itself is the boundary's child, one fiber fewer and
    // no state subscription of its own (a screen has hundreds of blocks).
    const Component = componentOf(block);
    if (block.visible !== undefined || !Component)
      return <VisibleBlock block={block} path={path} frame={frame} />;
    return draw(this.props, Component);
  }

  private fallback() {
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
