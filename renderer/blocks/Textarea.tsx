import { useId } from 'react';
import type { BlockProps } from '../block';
import type { TextareaBlock } from '../types.gen';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';
import { FieldLabel } from './form/FieldLabel';
import { useBinding } from './form/useBinding';
import { capText, charCount } from './input/masks';
import './form/form.css';

export default function Textarea({ block, frame }: BlockProps<TextareaBlock>) {
  const id = useId();
  const counterId = useId();
  const evaluate = useEval(frame);
  const [bound, setBound] = useBinding(block.bind, frame);
  // A read-only textarea may show a computed value (complaint detail) instead of a bound one.
  const value = toText(block.value !== undefined ? evaluate(block.value) : bound);
  const readOnly = block.readOnly === true || !block.bind;
  const max = block.maxLength;

  return (
    <div className={`blk-textarea form-field ${styleClass(block.style)}`}>
      <FieldLabel htmlFor={id} text={toText(evaluate(block.label))} hidden={block.hideLabel} />
      <textarea
        id={id}
        className="form-control blk-textarea-control"
        rows={block.rows ?? 5}
        placeholder={block.placeholder === undefined ? undefined : toText(evaluate(block.placeholder))}
        readOnly={readOnly}
        aria-describedby={block.counter ? counterId : undefined}
        value={value}
        onChange={(e) => {
          const next = capText(e.target.value, value, max);
          if (next !== value) setBound(next);
        }}
      />
      {block.counter && (
        <span id={counterId} className="blk-textarea-counter">
          {max === undefined ? charCount(value) : `${charCount(value)}/${max}`}
        </span>
      )}
    </div>
  );
}
