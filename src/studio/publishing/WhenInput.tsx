// A date and time typed in the lender's zone (the label says which), sent with its offset.
import { useId } from 'react';

export function WhenInput({
  label,
  value,
  zone,
  onChange,
}: {
  label: string;
  value: string;
  zone: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <span className="studio-when">
      <label htmlFor={id}>
        {label} ({zone})
      </label>
      <input id={id} type="datetime-local" value={value} onChange={(e) => onChange(e.target.value)} />
    </span>
  );
}
