// The bottom sheet of a picker: a list to highlight one option, Confirm to take it, Cancel to leave.
// Focus, Escape and the Android back button (both cancel) work as in every popup (renderer/dialog.ts).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from '../../dialog';
import { useEngine } from '../../engine';
import type { PickerOption } from './options';
import '../Picker.css';

interface Props {
  title: string;
  options: PickerOption[];
  initial: number;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(index: number): void;
  onCancel(): void;
}

export function PickerSheet({
  title,
  options,
  initial,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: Props) {
  const [active, setActive] = useState(initial);
  const list = useRef<HTMLUListElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const base = useId();
  useDialog(sheet, { onDismiss: onCancel, initialFocus: list, host: useEngine().host });

  const keyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((i) => Math.min(options.length - 1, i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (e.key === 'Enter' && active >= 0) onConfirm(active);
    else return;
    e.preventDefault();
  };

  return createPortal(
    <div
      className="blk-picker-backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) onCancel();
      }}
    >
      <div
        ref={sheet}
        className="blk-picker-sheet"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onKeyDown={keyDown}
      >
        <div className="blk-picker-bar">
          <button type="button" className="blk-picker-cancel" onClick={onCancel}>
            {cancelLabel}
          </button>
          <span className="blk-picker-title">{title}</span>
          <button
            type="button"
            className="blk-picker-confirm"
            disabled={active < 0}
            onClick={() => onConfirm(active)}
          >
            {confirmLabel}
          </button>
        </div>
        <ul
          ref={list}
          className="blk-picker-list"
          role="listbox"
          aria-label={title}
          tabIndex={0}
          aria-activedescendant={active >= 0 ? `${base}-${active}` : undefined}
        >
          {options.map((option, i) => (
            <li
              key={i}
              id={`${base}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'blk-picker-option is-active' : 'blk-picker-option'}
              onClick={() => setActive(i)}
            >
              {option.label}
            </li>
          ))}
        </ul>
      </div>
    </div>,
    document.body,
  );
}
