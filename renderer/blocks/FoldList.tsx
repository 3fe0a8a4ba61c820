import { useId, useState } from 'react';
import type { BlockProps } from '../block';
import type { FoldListBlock } from '../types.gen';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';
import { DEFAULT_LIMIT, ItemList, toItems } from './ItemList';
import './FoldList.css';

export default function FoldList({ block, path, frame }: BlockProps<FoldListBlock>) {
  const evaluate = useEval(frame);
  const [open, setOpen] = useState(false);
  const id = useId();
  const items = toItems(evaluate(block.items));
  const folded = block.folded ?? 2;
  const limit = block.limit ?? DEFAULT_LIMIT;
  const foldable = items.length > folded;
  const label = open ? (block.hideLabel ?? 'hide') : (block.moreLabel ?? 'more');
  return (
    <div className={`blk-foldList ${styleClass(block.style)}`}>
      <ItemList
        items={items}
        count={open ? limit : Math.min(folded, limit)}
        keyField={block.key}
        blocks={block.children}
        empty={block.empty}
        direction={block.direction}
        path={path}
        frame={frame}
        as={block.as}
        indexAs={block.indexAs}
        id={id}
      />
      {foldable && (
        <button
          type="button"
          className="blk-foldList-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {toText(evaluate(label))}
          <span className={open ? 'blk-foldList-chevron up' : 'blk-foldList-chevron'} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
