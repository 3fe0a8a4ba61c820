// The list a binding's path is picked from (issue 25 item 2, "Bindings"): what the screen can read,
// grouped as model/bindings.ts gives it (the screen's own paths, the scenario's replies, the
// configuration). A bindable field's toggle (BindingToggle.tsx) and a named value's row
// (FieldsMapField.tsx) pick from it alike; a path written by hand that is not listed stays shown.
import type { BindingGroup } from './model/bindings';

interface Props {
  id?: string;
  label: string;
  /** The select's value: a path, '' for none, or one of `extra`'s values. */
  value: string;
  groups: readonly BindingGroup[];
  /** The first option's text (value ''). */
  placeholder: string;
  /** Options before the paths (a named value's "A fixed text"). */
  extra?: readonly { value: string; label: string }[];
  onChange(value: string): void;
}

export function BindingSelect({ id, label, value, groups, placeholder, extra = [], onChange }: Props) {
  const listed =
    value === '' || extra.some((o) => o.value === value) || groups.some((g) => g.paths.includes(value));
  return (
    <select id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{placeholder}</option>
      {extra.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {!listed && <option value={value}>{value}</option>}
      {groups.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {g.paths.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
