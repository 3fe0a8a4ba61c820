import type { BlockProps } from '../block';
import type { ColumnBlock } from '../types.gen';
import { styleClass } from '../style';
import { Blocks } from '../Blocks';
import './layout.css';
import './Row.css';

export default function Column({ block, path, frame }: BlockProps<ColumnBlock>) {
  const classes = [
    'blk-column',
    `gap-${block.gap ?? 'none'}`,
    `align-${block.align ?? 'stretch'}`,
    block.grow ? 'is-grow' : '',
    styleClass(block.style),
  ].join(' ');
  return (
    <div className={classes}>
      <Blocks blocks={block.children} path={`${path}/children`} frame={frame} />
    </div>
  );
}
