// JSON as prettier prints it: a value goes on one line when it fits, else it is spread over lines.
// The docs print examples this way, as they look in screens/ (prettier formats those files).

const one = (v: unknown): string => {
  if (Array.isArray(v)) return v.length ? `[${v.map(one).join(', ')}]` : '[]';
  if (v && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length
      ? `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${one(x)}`).join(', ')} }`
      : '{}';
  }
  return JSON.stringify(v);
};

export function fitJson(value: unknown, width = 100, indent = 0, prefix = 0): string {
  const flat = one(value);
  if (indent + prefix + flat.length <= width || value === null || typeof value !== 'object') return flat;
  const pad = ' '.repeat(indent + 2);
  const close = ' '.repeat(indent);
  if (Array.isArray(value))
    return `[\n${value.map((x) => pad + fitJson(x, width, indent + 2)).join(',\n')}\n${close}]`;
  const fields = Object.entries(value).map(([k, x]) => {
    const key = `${JSON.stringify(k)}: `;
    return pad + key + fitJson(x, width, indent + 2, key.length);
  });
  return `{\n${fields.join(',\n')}\n${close}}`;
}
