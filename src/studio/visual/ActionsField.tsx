// The actions editor (issue 25 item 3): a chain of actions as an ordered list of steps, each a
// form made from its action's schema (its `do` picks the schema), steps added from the action
// types' starting values (x-scaffold), removed and reordered. Routes, popups, timers and the
// like are chosen from lists where the schema says so (x-choices, handled by the fields).
import { useState, type ReactNode } from 'react';
import type { Path } from './model/textEdits';
import { blockSchemas } from './palette';
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
  const [next, setNext] = useState('navigate');
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
        <select aria-label={`${label}: step to add`} value={next} onChange={(e) => setNext(e.target.value)}>
          {types.map((t) => (
            <option key={t.type} value={t.type} title={t.description}>
              {t.type}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => {
            const scaffold = types.find((t) => t.type === next)?.scaffold;
            // A chain not written yet is written whole (a step's path alone would make an object).
            if (scaffold)
              write(
                value.length === 0 ? path : [...path, value.length],
                value.length === 0 ? [structuredClone(scaffold)] : structuredClone(scaffold),
              );
          }}
        >
          Add step
        </button>
      </li>
    </ol>
  );
}
