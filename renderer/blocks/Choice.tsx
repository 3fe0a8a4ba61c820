import { useMemo, type KeyboardEvent } from 'react';
import type { BlockProps } from '../block';
import type { ChoiceBlock } from '../types.gen';
import type { Frame } from '../engine';
import { useActionTrigger, useEval } from '../hooks';
import { toNumber, toText } from '../expr/values';
import { styleClass } from '../style';
import { Blocks } from '../Blocks';
import { useBinding } from './form/useBinding';
import './Choice.css';

export default function Choice({ block, path, frame }: BlockProps<ChoiceBlock>) {
  const evaluate = useEval(frame);
  const [bound, setBound] = useBinding(block.bind, frame);
  const [onChange] = useActionTrigger(block.onChange, `${path}/onChange`, frame, true);
  const raw = evaluate(block.items);
  const items = useMemo(() => (Array.isArray(raw) ? raw : []), [raw]);
  // Unset means the first item (the channel popup's default index is 0).
  const selected = bound === undefined || bound === null || bound === '' ? 0 : toNumber(bound);

  const select = (index: number) => {
    if (index < 0 || index >= items.length) return;
    setBound(index);
    if (block.onChange) void onChange();
  };
  const keyDown = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
    if (e.key === ' ' || e.key === 'Enter') select(index);
    else if (e.key in moves) select(Math.min(items.length - 1, Math.max(0, index + moves[e.key]!)));
    else return;
    e.preventDefault();
  };

  const label = block.label === undefined ? undefined : toText(evaluate(block.label));
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
            tabIndex={on ? 0 : -1}
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
