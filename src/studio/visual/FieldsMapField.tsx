// Named values in the panel (issue 25 items 2 and 3; task 7's bridge payload `{"phone": {"$":
// "data.contact.smWa"}}`): a row a name, its value picked from what the screen can read (a
// binding), or a fixed text; a value the rows cannot show (an operator expression) stays JSON.
// A row added or changed writes that one field. A new row is added by "Add field", by Enter in its
// name or its value, or as soon as its value is picked with the mouse once it has a name (not when
// the value moves under the arrow keys or a letter: Chrome changes a closed select on each key).
import { useRef, useState } from 'react';
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
  /** Whether a key is down in the new value's list: its change then is a key's, not a pick. */
  const keyed = useRef(false);
  const add = (picked: string) => {
    if (!fresh || picked === '') return false;
    set(name.trim(), picked === FIXED ? '' : { $: picked });
    setName('');
    setPick('');
    return true;
  };
  const addOnEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && add(pick)) e.preventDefault();
  };
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
          onKeyDown={addOnEnter}
        />
        <span
          onKeyDown={(e) => {
            keyed.current = true;
            addOnEnter(e);
          }}
          onKeyUp={() => (keyed.current = false)}
          onBlur={() => (keyed.current = false)}
        >
          <BindingSelect
            label={`${label}: new field value`}
            value={pick}
            groups={groups}
            placeholder="(choose a value)"
            extra={[{ value: FIXED, label: 'A fixed text' }]}
            onChange={(picked) => {
              if (keyed.current || !add(picked)) setPick(picked);
            }}
          />
        </span>
        <button type="button" disabled={!fresh || pick === ''} onClick={() => add(pick)}>
          Add field
        </button>
      </li>
    </ul>
  );
}
