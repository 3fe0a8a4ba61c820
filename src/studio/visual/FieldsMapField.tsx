// Named values in the panel (issue 25 items 2 and 3; task 7's bridge payload `{"phone": {"$":
// "data.contact.smWa"}}`): a row a name, its value picked from what the screen can read (a
// binding), or a fixed text; a value the rows cannot show (an operator expression) stays JSON.
// A row added or changed writes that one field.
import { useState } from 'react';
import { BindingSelect } from './BindingSelect';
import { JsonField, TextLike } from './fieldInputs';
import { bindingPath, type BindingGroup } from './model/bindings';
import type { Path } from './model/textEdits';

interface Props {
  id: string;
  label: string;
  value: Record<string, unknown>;
  /** Whether the whole object is written yet (a new row then writes it). */
  written: boolean;
  path: Path;
  /** What a binding may read, grouped (model/bindings.ts). */
  groups: readonly BindingGroup[];
  write(path: Path, value: unknown): void;
}

const FIXED = ' fixed';

export function FieldsMapField({ id, label, value, written, path, groups, write }: Props) {
  const [name, setName] = useState('');
  const [pick, setPick] = useState('');
  const set = (field: string, v: unknown) =>
    written ? write([...path, field], v) : write(path, v === undefined ? undefined : { [field]: v });
  const fresh = name.trim() !== '' && !(name.trim() in value);
  return (
    <ul className="studio-prop-list studio-prop-fields" id={id} aria-label={`${label} fields`}>
      {Object.entries(value).map(([field, v]) => {
        const bound = bindingPath(v);
        const rowLabel = `${label}: ${field}`;
        let control: React.ReactNode;
        if (bound !== null)
          control = (
            <BindingSelect
              label={rowLabel}
              value={bound}
              groups={groups}
              placeholder="Choose what it shows"
              onChange={(p) => p && set(field, { $: p })}
            />
          );
        else if (typeof v === 'string' || typeof v === 'number')
          control = (
            <TextLike
              id={`${id}-${field}`}
              kind="string"
              value={String(v)}
              onText={(t) => set(field, typeof v === 'number' && t.trim() !== '' && !isNaN(+t) ? +t : t)}
            />
          );
        else control = <JsonField label={rowLabel} value={v} onValue={(x) => set(field, x)} />;
        return (
          <li key={field}>
            <span className="studio-prop-field-name">{field}</span> {control}{' '}
            <button type="button" aria-label={`Remove ${rowLabel}`} onClick={() => set(field, undefined)}>
              ✕
            </button>
          </li>
        );
      })}
      <li className="studio-prop-add-field">
        <input
          aria-label={`${label}: new field name`}
          placeholder="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <BindingSelect
          label={`${label}: new field value`}
          value={pick}
          groups={groups}
          placeholder="(choose a value)"
          extra={[{ value: FIXED, label: 'A fixed text' }]}
          onChange={setPick}
        />
        <button
          type="button"
          disabled={!fresh || pick === ''}
          onClick={() => {
            set(name.trim(), pick === FIXED ? '' : { $: pick });
            setName('');
            setPick('');
          }}
        >
          Add field
        </button>
      </li>
    </ul>
  );
}
