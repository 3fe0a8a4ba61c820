import type { BlockProps } from '../block';
import type { ButtonBlock } from '../types.gen';
import { useActionTrigger, useEval } from '../hooks';
import { isTruthy, toText } from '../expr/values';
import { brandStyle, styleClass } from '../style';
import './Button.css';

export default function Button({ block, path, frame }: BlockProps<ButtonBlock>) {
  const evaluate = useEval(frame);
  const repeat = block.allowRepeat === true;
  const [trigger, running] = useActionTrigger(block.onTap, `${path}/onTap`, frame, repeat);
  const variant = block.variant ?? 'primary';
  const wide = block.block ?? variant === 'primary';
  const disabled = block.disabled !== undefined && isTruthy(evaluate(block.disabled));
  const busy = running && !repeat;
  const hint = block.hint === undefined ? '' : toText(evaluate(block.hint));
  const classes = ['blk-button', `blk-button-${variant}`, wide ? 'is-block' : '', busy ? 'is-busy' : ''];
  const button = (
    <button
      type="button"
      className={classes.join(' ')}
      style={brandStyle(block.color)}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!disabled) void trigger();
      }}
    >
      {busy && <span className="blk-button-spinner" aria-hidden="true" />}
      {toText(evaluate(block.label))}
    </button>
  );
  return (
    <div className={`blk-button-wrap ${wide ? 'is-block' : ''} ${styleClass(block.style)}`}>
      {hint && <p className="blk-button-hint">{hint}</p>}
      {button}
    </div>
  );
}
