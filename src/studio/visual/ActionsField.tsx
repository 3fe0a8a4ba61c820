// The actions editor (issue 25 item 3): a chain of actions as an ordered list of steps, each a
// form made from its action's schema (its `do` picks the schema), steps added from the action
// types' starting values (x-scaffold), removed and reordered. Routes, popups, timers and the
// like are chosen from lists where the schema says so (x-choices, handled by the fields). A step is
// added from the "Add step" menu button: its list of step kinds, each adding that step (a menu, not
// a select acting on change: Chrome changes a closed select on an arrow key).
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Path } from './model/textEdits';
import { blockSchemas, type PaletteEntry } from './palette';
import { isObject } from './model/isObject';

interface Props {
  label: string;
  value: unknown[];
  path: Path;
  write(path: Path, value: unknown): void;
  /** The form of step `index` (the panel's generated fields). */
  step(index: number, value: Record<string, unknown>): ReactNode;
}

export function ActionsField({ label, value, path, write, step }: Props) {
  const types = blockSchemas('actions/');
  const move = (from: number, to: number) => {
    const list = [...value];
    const [item] = list.splice(from, 1);
    list.splice(to, 0, item);
    write(path, list);
  };
  return (
    <ol className="studio-prop-list studio-prop-steps" aria-label={`${label} steps`}>
      {value.map((item, i) => {
        const name = `${label} step ${i + 1}`;
        const kind = isObject(item) && typeof item.do === 'string' ? item.do : '?';
        return (
          <li key={i} className="studio-prop-step">
            <span className="studio-prop-list-tools">
              <strong>{kind}</strong>{' '}
              <button
                type="button"
                aria-label={`Move ${name} up`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${name} down`}
                disabled={i === value.length - 1}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={() => write([...path, i], undefined)}
              >
                ✕
              </button>
            </span>
            {isObject(item) ? step(i, item) : null}
          </li>
        );
      })}
      <li className="studio-prop-add-step">
        <AddStepMenu
          label={label}
          types={types}
          onAdd={(scaffold) =>
            // A chain not written yet is written whole (a step's path alone would make an object).
            write(
              value.length === 0 ? path : [...path, value.length],
              value.length === 0 ? [structuredClone(scaffold)] : structuredClone(scaffold),
            )
          }
        />
      </li>
    </ol>
  );
}

/**
 * The menu button (WAI-ARIA APG menu button): Enter, Space or the arrows open it on a step kind,
 * the arrows, Home, End and a first letter move, Enter adds the step, Escape closes it; the focus
 * then returns to the button.
 */
function AddStepMenu({
  label,
  types,
  onAdd,
}: {
  label: string;
  types: readonly PaletteEntry[];
  onAdd(scaffold: Record<string, unknown>): void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const menu = useId();
  const focusItem = (i: number) => items.current[(i + types.length) % types.length]?.focus();
  const show = (at: number) => {
    setOpen(true);
    // The list is drawn by then: the focus goes to its first (or last) kind.
    requestAnimationFrame(() => focusItem(at));
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const at = items.current.findIndex((el) => el === document.activeElement);
    const move: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: types.length - 1,
    };
    const to = move[e.key];
    if (to !== undefined) focusItem(to);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') return setOpen(false);
    else if (/^[a-z]$/i.test(e.key)) {
      // Type-ahead: the next kind starting with the letter.
      const order = [...types.slice(at + 1), ...types.slice(0, at + 1)];
      const found = order.find((t) => t.type.toLowerCase().startsWith(e.key.toLowerCase()));
      if (found) items.current[types.indexOf(found)]?.focus();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <div
      className="studio-menu"
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={`Add step to ${label}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menu : undefined}
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
          e.preventDefault();
          show(e.key === 'ArrowDown' ? 0 : types.length - 1);
        }}
      >
        Add step <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul
          id={menu}
          role="menu"
          aria-label={`${label}: step to add`}
          className="studio-menu-list"
          onKeyDown={onMenuKey}
        >
          {types.map((t, i) => (
            <li key={t.type} role="none">
              <button
                ref={(el) => {
                  items.current[i] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                title={t.description}
                onClick={() => {
                  onAdd(t.scaffold);
                  close(true);
                }}
              >
                {t.type}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
