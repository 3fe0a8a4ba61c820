// The tabs of a tabs block, static or from a data list, in one shape.
import type { TabsBlock } from '../types.gen';
import { isMissing, toText } from '../expr/values';
import { DEFAULT_LIMIT, toItems, uniqueKeys } from './ItemList';

export interface Tab {
  index: number;
  title: string;
  /** What `bind` stores: the item's valueKey field (dynamic), or the index (static). */
  value: unknown;
  item: unknown;
  key: string;
  body?: unknown;
}

function field(item: unknown, name: string): unknown {
  if (!item || typeof item !== 'object' || !Object.prototype.hasOwnProperty.call(item, name))
    return undefined;
  return (item as Record<string, unknown>)[name];
}

export function tabList(block: TabsBlock, evaluate: (expr: unknown) => unknown): Tab[] {
  if (block.tabs) {
    return block.tabs.map((tab, index) => {
      const title = toText(evaluate(tab.title));
      return {
        index,
        title,
        value: index,
        item: { title, value: index },
        key: String(index),
        body: tab.body,
      };
    });
  }
  const items = toItems(evaluate(block.items)).slice(0, DEFAULT_LIMIT);
  const titleKey = block.titleKey ?? 'title';
  const valueKey = block.valueKey ?? 'value';
  const keys = uniqueKeys(items, valueKey);
  return items.map((item, index) => {
    const value = field(item, valueKey);
    return {
      index,
      title: toText(field(item, titleKey)),
      value: isMissing(value) ? index : value,
      item,
      key: keys[index]!,
    };
  });
}
