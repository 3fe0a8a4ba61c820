import type { BlockProps } from '../block';
import type { RepeatBlock } from '../types.gen';
import { useEval } from '../hooks';
import { styleClass } from '../style';
import { DEFAULT_LIMIT, ItemList, toItems } from './ItemList';

export default function Repeat({ block, path, frame }: BlockProps<RepeatBlock>) {
  const evaluate = useEval(frame);
  const items = toItems(evaluate(block.items));
  return (
    <div className={`blk-repeat ${styleClass(block.style)}`}>
      <ItemList
        items={items}
        count={block.limit ?? DEFAULT_LIMIT}
        keyField={block.key}
        blocks={block.children}
        empty={block.empty}
        direction={block.direction}
        path={path}
        frame={frame}
        as={block.as}
        indexAs={block.indexAs}
      />
    </div>
  );
}
