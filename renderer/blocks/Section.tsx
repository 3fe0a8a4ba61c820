import { useId, type KeyboardEvent, type MouseEvent } from 'react';
import type { BlockProps } from '../block';
import type { SectionBlock } from '../types.gen';
import { useActionTrigger, useEval } from '../hooks';
import { isTruthy, toText } from '../expr/values';
import { styleClass } from '../style';
import { Blocks } from '../Blocks';
import './Section.css';

// A tap on a button or link inside a tappable card is that control's tap, not the card's.
const INNER_CONTROL = 'button, a, input, select, textarea, [role="button"], [role="tab"]';

export default function Section({ block, path, frame }: BlockProps<SectionBlock>) {
  const evaluate = useEval(frame);
  const titleId = useId();
  const [trigger, busy] = useActionTrigger(block.onTap, `${path}/onTap`, frame);
  const title = block.title === undefined ? '' : toText(evaluate(block.title));
  const disabled = block.disabled !== undefined && isTruthy(evaluate(block.disabled));
  const tappable = Array.isArray(block.onTap) && block.onTap.length > 0;
  const classes = [
    'blk-section',
    `blk-section-${block.variant ?? 'card'}`,
    disabled ? 'is-disabled' : '',
    tappable && !disabled ? 'is-tappable' : '',
    styleClass(block.style),
  ].join(' ');

  const onClick = (e: MouseEvent<HTMLElement>) => {
    const control = (e.target as Element).closest(INNER_CONTROL);
    if (disabled || (control && control !== e.currentTarget)) return;
    void trigger();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    if (!disabled) void trigger();
  };
  const tapProps = tappable
    ? {
        role: 'button',
        tabIndex: disabled ? -1 : 0,
        'aria-disabled': disabled || undefined,
        'aria-busy': busy || undefined,
        onClick,
        onKeyDown,
      }
    : {};
  return (
    <section className={classes} aria-labelledby={title ? titleId : undefined} {...tapProps}>
      {title && (
        <h2 className="blk-section-title" id={titleId}>
          {title}
        </h2>
      )}
      <Blocks blocks={block.children} path={`${path}/children`} frame={frame} />
    </section>
  );
}
