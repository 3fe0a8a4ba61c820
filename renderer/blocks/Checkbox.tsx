import { useId } from 'react';
import type { BlockProps } from '../block';
import type { CheckboxBlock } from '../types.gen';
import { useActionTrigger, useEval } from '../hooks';
import { isTruthy, toText } from '../expr/values';
import { styleClass } from '../style';
import { Blocks } from '../Blocks';
import { useBinding } from './form/useBinding';
import './Checkbox.css';

export default function Checkbox({ block, path, frame }: BlockProps<CheckboxBlock>) {
  const id = useId();
  const evaluate = useEval(frame);
  const [value, setValue] = useBinding(block.bind, frame);
  const [onChange] = useActionTrigger(block.onChange, `${path}/onChange`, frame, true);
  const checked = isTruthy(value);
  return (
    <div className={`blk-checkbox ${styleClass(block.style)}`}>
      <input
        id={id}
        type="checkbox"
        className="blk-checkbox-box"
        checked={checked}
        disabled={block.readOnly}
        onChange={(e) => {
          setValue(e.target.checked);
          if (block.onChange) void onChange();
        }}
      />
      <label htmlFor={id} className="blk-checkbox-label">
        {toText(evaluate(block.label))}
      </label>
      {/* Links (agreements) sit beside the label, not inside it, so tapping one does not toggle the box. */}
      {block.children && <Blocks blocks={block.children} path={`${path}/children`} frame={frame} />}
    </div>
  );
}
