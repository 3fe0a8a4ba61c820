// An audit entry's detail as ops read it: one "name: value" line each, not the stored JSON in one
// run (a refusal's reason, its status and path were a wrapped string of braces and quotes).
// Nested values stay compact JSON: they are rare (a route's params) and read fine that way.

const shown = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

export function AuditDetail({ detail }: { detail: Record<string, unknown> | null | undefined }) {
  const entries = detail ? Object.entries(detail) : [];
  if (!entries.length) return null;
  return (
    <dl className="studio-detail">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
