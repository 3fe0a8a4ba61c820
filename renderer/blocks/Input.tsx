import { useId, type KeyboardEvent } from 'react';
import type { BlockProps } from '../block';
import type { InputBlock } from '../types.gen';
import { useActionTrigger, useEval } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';
import { FieldLabel } from './form/FieldLabel';
import { useBinding } from './form/useBinding';
import { display, nextValue, type MaskName } from './input/masks';

// type=number accepts 'e' and '-' and ignores maxlength, so numbers are text fields with a
// numeric keyboard and the digits mask.
const HTML_TYPE = { text: 'text', tel: 'tel', email: 'email', number: 'text', password: 'password' } as const;

export default function Input({ block, path, frame }: BlockProps<InputBlock>) {
  const id = useId();
  const evaluate = useEval(frame);
  const [bound, setBound] = useBinding(block.bind, frame);
  const inputType = block.inputType ?? 'text';
  const mask: MaskName = block.mask ?? (inputType === 'number' ? 'digits' : 'none');
  const value = toText(bound);
  const [onChange] = useActionTrigger(block.onChange, `${path}/onChange`, frame, true);
  const [onEnter] = useActionTrigger(block.onEnter, `${path}/onEnter`, frame);
  const numeric = mask !== 'none';

  const change = (raw: string) => {
    const next = nextValue(mask, raw, value, block.maxLength);
    if (next === value) return;
    setBound(next);
    if (block.onChange) void onChange();
  };
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && block.onEnter) {
      e.preventDefault();
      void onEnter();
    }
  };

  return (
    <div className={`blk-input form-field ${styleClass(block.style)}`}>
      <FieldLabel htmlFor={id} text={toText(evaluate(block.label))} hidden={block.hideLabel} />
      <input
        id={id}
        className="form-control"
        type={HTML_TYPE[inputType]}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete={inputType === 'password' ? 'current-password' : 'off'}
        placeholder={block.placeholder === undefined ? undefined : toText(evaluate(block.placeholder))}
        readOnly={block.readOnly}
        value={display(mask, value)}
        onChange={(e) => change(e.target.value)}
        onKeyDown={keyDown}
      />
    </div>
  );
}
