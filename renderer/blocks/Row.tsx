import type { BlockProps } from '../block';
import type { RowBlock } from '../types.gen';
import { styleClass } from '../style';
import { Blocks } from '../Blocks';
import './layout.css';
import './Row.css';

export default function Row({ block, path, frame }: BlockProps<RowBlock>) {
  const classes = [
    'blk-row',
    `gap-${block.gap ?? 'sm'}`,
    `justify-${block.justify ?? 'start'}`,
    `align-${block.align ?? 'center'}`,
    block.wrap ? 'is-wrap' : '',
    styleClass(block.style),
  ].join(' ');
  return (
    <div className={classes}>
      <Blocks blocks={block.children} path={`${path}/children`} frame={frame} />
    </div>
  );
}
