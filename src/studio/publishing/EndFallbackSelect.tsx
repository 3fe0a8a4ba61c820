// What borrowers get when a promotion ends: the revision live before it, or another live screen
// (a "campaign ended" page) under this screen's address.
export function EndFallbackSelect({
  value,
  screens,
  onChange,
}: {
  value: string;
  screens: readonly string[];
  onChange(value: string): void;
}) {
  return (
    <label className="studio-field">
      Then show{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="previous">the version live before it</option>
        {screens.map((s) => (
          <option key={s} value={`screen:${s}`}>
            the screen {s}
          </option>
        ))}
      </select>
    </label>
  );
}
