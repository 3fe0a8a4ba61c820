// The screens a change to a part, or to a screen that is a base, reaches once it is published.
export function AffectedScreens({ screens, title }: { screens: readonly string[]; title: string }) {
  if (screens.length === 0) return null;
  return (
    <div className="studio-affected" role="note">
      <strong>{title}</strong>
      <ul aria-label="Affected screens">
        {screens.map((screen) => (
          <li key={screen}>{screen}</li>
        ))}
      </ul>
    </div>
  );
}
