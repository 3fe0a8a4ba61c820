import { useEffect, useMemo, type KeyboardEvent } from 'react';
import type { BlockProps } from '../block';
import type { ChoiceBlock } from '../types.gen';
import { storePath, useEngine, type Frame } from '../engine';
import { useActionTrigger, useEval, useStateAt } from '../hooks';
import { toNumber, toText } from '../expr/values';
import { styleClass } from '../style';
import { Blocks } from '../Blocks';
import { useBinding } from './form/useBinding';
import { DEFAULT_LIMIT } from './ItemList';
import './Choice.css';

// Items computed by an expression are new objects on every render: compare by content.
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export default function Choice({ block, path, frame }: BlockProps<ChoiceBlock>) {
  const engine = useEngine();
  const evaluate = useEval(frame);
  const [bound, setBound] = useBinding(block.bind, frame);
  const [onChange] = useActionTrigger(block.onChange, `${path}/onChange`, frame, true);
  const raw = evaluate(block.items);
  // Like every data list, at most DEFAULT_LIMIT options: ten thousand would freeze a cheap phone.
  const items = useMemo(() => (Array.isArray(raw) ? raw.slice(0, DEFAULT_LIMIT) : []), [raw]);
  const unset = bound === undefined || bound === null || bound === '';
  // Unset means the first item (the channel popup's default index is 0), unless the document asks
  // for a deliberate choice (preselect false: a bank card must be picked by the borrower).
  const selected = unset ? (block.preselect === false ? -1 : 0) : toNumber(bound);

  // bindItem mirrors the selected item itself, the default first one included, so payloads can read
  // its fields ({"$": "ui.channel.channel_number"}) without indexing a list by a state value.
  const itemPath = block.bindItem ? storePath(block.bindItem, frame) : '';
  const current = selected >= 0 && selected < items.length ? ((items[selected] as unknown) ?? null) : null;
  const mirrored = useStateAt(itemPath) ?? null;
  const stale = itemPath !== '' && !sameValue(mirrored, current);
  useEffect(() => {
    if (stale) engine.store.set(itemPath, current);
  }, [engine, itemPath, stale, current]);

  const select = (index: number) => {
    if (index < 0 || index >= items.length) return;
    setBound(index);
    if (itemPath) engine.store.set(itemPath, items[index] as unknown);
    if (block.onChange) void onChange({ item: items[index] as unknown, index });
  };
  const keyDown = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
    if (e.key === ' ' || e.key === 'Enter') select(index);
    else if (e.key in moves) select(Math.min(items.length - 1, Math.max(0, index + moves[e.key]!)));
    else return;
    e.preventDefault();
  };

  const label = block.label === undefined ? undefined : toText(evaluate(block.label));
  // With nothing selected the first item takes the keyboard focus.
  const focusable = selected >= 0 && selected < items.length ? selected : 0;
  return (
    <div className={`blk-choice ${styleClass(block.style)}`} role="radiogroup" aria-label={label}>
      {items.map((item, index) => {
        const on = index === selected;
        const itemFrame: Frame = { ...frame, vars: { ...frame.vars, item, index, selected: on } };
        return (
          <div
            key={index}
            role="radio"
            aria-checked={on}
            tabIndex={index === focusable ? 0 : -1}
            className={on ? 'blk-choice-item is-selected' : 'blk-choice-item'}
            onClick={() => select(index)}
            onKeyDown={(e) => keyDown(e, index)}
          >
            <div className="blk-choice-body">
              <Blocks blocks={block.children} path={`${path}/children`} frame={itemFrame} />
            </div>
            <span className="blk-choice-mark" aria-hidden="true" />
          </div>
        );
      })}
    </div>
  );
}
