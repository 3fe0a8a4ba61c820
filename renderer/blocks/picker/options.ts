// The options of a picker: a static list written in the document, or a server list read
// through an expression whose items carry their label and value under named keys.
import { looseEquals, toText } from '../../expr/values';

export interface PickerOption {
  label: string;
  value: unknown;
}

interface Source {
  options: unknown;
  optionLabel?: string | undefined;
  optionValue?: string | undefined;
}

const field = (item: unknown, key: string): unknown =>
  item !== null && typeof item === 'object' && Object.prototype.hasOwnProperty.call(item, key)
    ? (item as Record<string, unknown>)[key]
    : undefined;

export function pickerOptions(source: Source, evaluate: (expr: unknown) => unknown): PickerOption[] {
  // A static list is data, not an expression: evaluating it whole would read {label, value} as an operator.
  if (Array.isArray(source.options)) {
    return source.options.map((o) => ({
      label: toText(evaluate(field(o, 'label'))),
      value: evaluate(field(o, 'value')),
    }));
  }
  const items = evaluate(source.options);
  if (!Array.isArray(items)) return [];
  const labelKey = source.optionLabel ?? 'name';
  const valueKey = source.optionValue ?? 'type';
  return items.map((item) => ({ label: toText(field(item, labelKey)), value: field(item, valueKey) }));
}

export function indexOfValue(options: PickerOption[], value: unknown): number {
  if (value === undefined || value === null || value === '') return -1;
  return options.findIndex((o) => looseEquals(o.value, value));
}
