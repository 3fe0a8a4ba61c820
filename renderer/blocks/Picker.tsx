import { useId, useRef, useState } from 'react';
import type { BlockProps } from '../block';
import type { PickerBlock } from '../types.gen';
import { storePath, useEngine } from '../engine';
import { useActionTrigger, useEval } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';
import { useBinding } from './form/useBinding';
import { indexOfValue, pickerOptions } from './picker/options';
import { PickerSheet } from './picker/PickerSheet';
import './form/form.css';
import './Picker.css';

export default function Picker({ block, path, frame }: BlockProps<PickerBlock>) {
  const engine = useEngine();
  const labelId = useId();
  const valueId = useId();
  const field = useRef<HTMLButtonElement>(null);
  const evaluate = useEval(frame);
  const [value] = useBinding(block.bind, frame);
  const [storedLabel] = useBinding(block.bindLabel, frame);
  const [open, setOpen] = useState(false);
  const [onChange] = useActionTrigger(block.onChange, `${path}/onChange`, frame, true);
  const options = pickerOptions(block, evaluate);
  const current = indexOfValue(options, value);
  const label = toText(evaluate(block.label));
  const shown = current >= 0 ? options[current]!.label : toText(storedLabel);
  const placeholder = block.placeholder === undefined ? '' : toText(evaluate(block.placeholder));

  const close = () => {
    setOpen(false);
    field.current?.focus();
  };
  const confirm = (index: number) => {
    const option = options[index];
    close();
    if (!option) return;
    engine.store.set(storePath(block.bind, frame), option.value);
    if (block.bindLabel) engine.store.set(storePath(block.bindLabel, frame), option.label);
    if (block.onChange) void onChange();
  };

  return (
    <div className={`blk-picker form-field ${styleClass(block.style)}`}>
      <span id={labelId} className={block.hideLabel ? 'form-sr-only' : 'form-label'}>
        {label}
      </span>
      <button
        ref={field}
        type="button"
        className="form-control blk-picker-field"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${valueId}`}
        disabled={block.readOnly}
        onClick={() => setOpen(true)}
      >
        <span id={valueId} className={shown ? '' : 'blk-picker-placeholder'}>
          {shown || placeholder}
        </span>
        <span className="blk-picker-arrow" aria-hidden="true">
          ›
        </span>
      </button>
      {open && (
        <PickerSheet
          title={label}
          options={options}
          initial={current >= 0 ? current : options.length ? 0 : -1}
          confirmLabel={toText(evaluate(block.confirmLabel ?? 'Confirm'))}
          cancelLabel={toText(evaluate(block.cancelLabel ?? 'Cancel'))}
          onConfirm={confirm}
          onCancel={close}
        />
      )}
    </div>
  );
}
