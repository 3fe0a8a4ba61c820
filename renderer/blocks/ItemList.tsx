// Renders blocks once per item of a data list, each item in its own scope: `item`, `index`
// (or the names the document picks) and `local.*`, the item's own state. Shared by repeat,
// foldList and tabs so that item scoping has one implementation.
import { memo, useMemo } from 'react';
import type { Frame } from '../engine';
import { Blocks } from '../Blocks';
import './layout.css';

/** Cheap phones freeze on thousands of rows; a list renders at most this many unless told. */
export const DEFAULT_LIMIT = 200;

export interface ItemNames {
  as?: string | undefined;
  indexAs?: string | undefined;
}

export function toItems(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The item's identity: its `field` when that holds a string or number, else its position. */
export function itemKey(item: unknown, index: number, field: string | undefined): string {
  if (field && item && typeof item === 'object' && Object.prototype.hasOwnProperty.call(item, field)) {
    const value = (item as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return String(index);
}

/** Keys for React and local state; a duplicate id falls back to id~index so no item is lost. */
export function uniqueKeys(items: unknown[], field: string | undefined): string[] {
  const seen = new Set<string>();
  return items.map((item, i) => {
    let key = itemKey(item, i, field);
    if (seen.has(key)) key = `${key}~${i}`;
    seen.add(key);
    return key;
  });
}

// The local key is one segment of a dotted store path (locals.<key>.field): it must hold no dot.
const escapeKey = (key: string) => key.replace(/[%.]/g, (c) => (c === '%' ? '%25' : '%2E'));

export function itemFrame(
  parent: Frame,
  scopePath: string,
  item: unknown,
  index: number,
  key: string,
  names: ItemNames,
): Frame {
  const own = `${scopePath}#${escapeKey(key)}`;
  return {
    vars: { ...parent.vars, [names.as ?? 'item']: item, [names.indexAs ?? 'index']: index },
    // Nested lists: the inner item's state is also keyed by its outer item.
    localKey: parent.localKey ? `${parent.localKey}/${own}` : own,
  };
}

interface ItemBlocksProps extends ItemNames {
  item: unknown;
  index: number;
  itemId: string;
  blocks: unknown;
  /** Path of the list block: with the item key it names the item's local state. */
  scopePath: string;
  /** Path of `blocks` in the document, for error reports. */
  blocksPath: string;
  frame: Frame;
}

/** One item's blocks in the item's scope. */
export const ItemBlocks = memo(function ItemBlocks(props: ItemBlocksProps) {
  const { item, index, itemId, blocks, scopePath, blocksPath, frame, as, indexAs } = props;
  const own = useMemo(
    () => itemFrame(frame, scopePath, item, index, itemId, { as, indexAs }),
    [frame, scopePath, item, index, itemId, as, indexAs],
  );
  return <Blocks blocks={blocks} path={blocksPath} frame={own} />;
});

export type Direction = 'column' | 'row' | 'grid2';

interface ItemListProps extends ItemNames {
  items: unknown[];
  /** How many of the items to render. */
  count: number;
  keyField?: string | undefined;
  blocks: unknown;
  empty?: unknown;
  direction?: Direction | undefined;
  path: string;
  frame: Frame;
  id?: string | undefined;
}

export function ItemList(props: ItemListProps) {
  const { items, count, keyField, blocks, empty, direction = 'column', path, frame, id } = props;
  const shown = items.slice(0, Math.max(0, count));
  const keys = uniqueKeys(shown, keyField);
  if (items.length === 0) return <Blocks blocks={empty} path={`${path}/empty`} frame={frame} />;
  return (
    <ul className={`blk-list blk-list-${direction}`} id={id}>
      {shown.map((item, i) => (
        <li className="blk-list-item" key={keys[i]}>
          <ItemBlocks
            item={item}
            index={i}
            itemId={keys[i]!}
            blocks={blocks}
            scopePath={path}
            blocksPath={`${path}/children`}
            frame={frame}
            as={props.as}
            indexAs={props.indexAs}
          />
        </li>
      ))}
    </ul>
  );
}
