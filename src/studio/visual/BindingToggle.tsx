// A field that may be bound (issue 25 item 2, "Bindings"): a toggle between a fixed value and a
// binding, `{"$": path}`. The path is chosen from what the screen can read (model/bindings.ts:
// its params, state, variables and source data, the paths the scenario's replies hold, the
// configuration), never typed. A value that is another expression (a template, an operator) shows
// as such, in the panel's JSON box, until it is made fixed or bound.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BindingSelect } from './BindingSelect';
import { bindingPath, valueMode, type BindingGroup, type ValueMode } from './model/bindings';

interface Props {
  /** The id of the field's label's control: the fixed control has it, or the binding's select. */
  id: string;
  /**
   * Whose field this is (the block's path and the field's): the panel keeps a field's toggle from
   * one selection to the next when the next block has a field of that name, and what the toggle
   * remembers (the last fixed value, "Bound" chosen) belongs to the field it was seen on.
   */
  where: string;
  label: string;
  value: unknown;
  required: boolean;
  groups: readonly BindingGroup[];
  onValue(value: unknown): void;
  /** The control of the value as it is: a fixed value's, or an expression's JSON box. */
  children: ReactNode;
}

export function BindingToggle({ id, where, label, value, required, groups, onValue, children }: Props) {
  const mode = valueMode(value);
  // "Bound" chosen, before a path is: the select shows, the text changes when a path is picked.
  const [askedAt, setAskedAt] = useState<string | null>(null);
  const asked = askedAt === where;
  const fixed = useRef<{ where: string; value: unknown } | null>(mode === 'fixed' ? { where, value } : null);
  useEffect(() => {
    if (mode === 'fixed') fixed.current = { where, value };
    else setAskedAt(null);
  }, [mode, value, where]);
  const shown: ValueMode = asked && mode !== 'binding' ? 'binding' : mode;
  const path = bindingPath(value);

  const choose = (next: ValueMode) => {
    if (next === 'binding') setAskedAt(mode !== 'binding' ? where : null);
    else {
      setAskedAt(null);
      const kept = fixed.current?.where === where ? fixed.current.value : undefined;
      if (mode !== 'fixed') onValue(kept ?? (required ? '' : undefined));
    }
  };
  const name = `${id}-mode`;
  return (
    <div className="studio-prop-bind">
      <span role="radiogroup" aria-label={`${label}: fixed or bound`} className="studio-prop-bind-modes">
        <label>
          <input type="radio" name={name} checked={shown === 'fixed'} onChange={() => choose('fixed')} />
          Fixed
        </label>
        <label>
          <input type="radio" name={name} checked={shown === 'binding'} onChange={() => choose('binding')} />
          Bound
        </label>
        {shown === 'expression' && (
          <label>
            <input type="radio" name={name} checked readOnly />
            Expression
          </label>
        )}
      </span>
      {shown === 'binding' ? (
        <BindingSelect
          id={id}
          label={`${label}: reads`}
          value={path ?? ''}
          groups={groups}
          placeholder="Choose what it shows"
          onChange={(p) => p && onValue({ $: p })}
        />
      ) : (
        children
      )}
    </div>
  );
}
