import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { BlockProps } from '../block';
import type { TabsBlock } from '../types.gen';
import { useEngine, storePath, resolveStatePath } from '../engine';
import { useActionTrigger, useEval } from '../hooks';
import { isMissing, looseEquals } from '../expr/values';
import { styleClass } from '../style';
import { Blocks } from '../Blocks';
import { ItemBlocks } from './ItemList';
import { tabList, type Tab } from './tabList';
import './Tabs.css';

const MOVES: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export default function Tabs({ block, path, frame }: BlockProps<TabsBlock>) {
  const engine = useEngine();
  const evaluate = useEval(frame);
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const [own, setOwn] = useState(0);
  // Tab changes each deserve their effect (a list load per tab), so a quick second tap is not dropped.
  const [onChange] = useActionTrigger(block.onChange, `${path}/onChange`, frame, true);
  const tabs = tabList(block, evaluate);
  const bound = block.bind ? evaluate({ $: resolveStatePath(block.bind, frame) ?? '' }) : undefined;
  const found = block.bind ? tabs.findIndex((t) => looseEquals(t.value, bound)) : own;
  const selected = found >= 0 && found < tabs.length ? found : 0;
  const first = tabs[0];

  // Other blocks and the submit payload read the bound value: it must name a tab that exists.
  const unmatched = block.bind !== undefined && first !== undefined && (isMissing(bound) || found < 0);
  useEffect(() => {
    if (unmatched && block.bind) engine.store.set(storePath(block.bind, frame), first?.value);
  }, [unmatched, block.bind, engine, frame, first?.value]);

  const select = (tab: Tab) => {
    if (tab.index === selected) return;
    if (block.bind) engine.store.set(storePath(block.bind, frame), tab.value);
    else setOwn(tab.index);
    void onChange({ item: tab.item, index: tab.index });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const move = MOVES[e.key];
    if (!move || tabs.length === 0) return;
    e.preventDefault();
    const next = tabs[move(selected, tabs.length)]!;
    select(next);
    refs.current[next.index]?.focus();
  };

  const current = tabs[selected];
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = `${baseId}-panel`;
  const hasPanel = current !== undefined && (block.tabs ? current.body !== undefined : block.body);
  return (
    <div className={`blk-tabs ${styleClass(block.style)}`}>
      <div className="blk-tabs-list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.index}
            ref={(el) => {
              refs.current[tab.index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab.index)}
            className="blk-tabs-tab"
            aria-selected={tab.index === selected}
            aria-controls={hasPanel ? panelId : undefined}
            tabIndex={tab.index === selected ? 0 : -1}
            onClick={() => select(tab)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {hasPanel && current && (
        <div className="blk-tabs-panel" role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
          {block.tabs ? (
            <Blocks blocks={current.body} path={`${path}/tabs/${selected}/body`} frame={frame} />
          ) : (
            <ItemBlocks
              key={current.key}
              item={current.item}
              index={current.index}
              itemId={current.key}
              blocks={block.body}
              scopePath={path}
              blocksPath={`${path}/body`}
              frame={frame}
              as={block.as}
              indexAs={block.indexAs}
            />
          )}
        </div>
      )}
    </div>
  );
}
