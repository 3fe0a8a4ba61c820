// The screen a part's phone shows: one of the screens using the part (the editor, a part's review).
export function PartScreenSelect({
  screens,
  value,
  onChange,
}: {
  screens: readonly string[];
  value: string;
  onChange: (screen: string) => void;
}) {
  return (
    <label className="studio-scenario">
      Screen{' '}
      <select aria-label="Screen using this part" value={value} onChange={(e) => onChange(e.target.value)}>
        {screens.length === 0 && <option value="">No screen uses this part</option>}
        {screens.map((screen) => (
          <option key={screen} value={screen}>
            {screen}
          </option>
        ))}
      </select>
    </label>
  );
}
