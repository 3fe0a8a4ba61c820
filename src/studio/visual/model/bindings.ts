// What a binding or a condition may read in a screen (issue 25 item 2): its params, its state,
// its variables and computed values, and the data its sources bring (their `into`, and the fields
// their `expect` names). Picked from, not typed. Pure.
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function leaves(prefix: string, value: unknown, out: string[], depth = 0): void {
  out.push(prefix);
  if (!isObject(value) || depth > 3) return;
  for (const [k, v] of Object.entries(value)) leaves(`${prefix}.${k.replace(/\?$/, '')}`, v, out, depth + 1);
}

export function readablePaths(doc: unknown): string[] {
  if (!isObject(doc)) return [];
  const screen = isObject(doc.screen) ? doc.screen : doc;
  const out: string[] = [];
  if (Array.isArray(screen.params))
    for (const p of screen.params) if (typeof p === 'string') out.push(`params.${p}`);
  // The state's top fields are read by their own name (ui.*, form.*).
  if (isObject(screen.state)) for (const [k, v] of Object.entries(screen.state)) leaves(k, v, out);
  for (const field of ['variables', 'computed'] as const)
    if (isObject(screen[field]))
      for (const k of Object.keys(screen[field] as object))
        out.push(`${field === 'variables' ? 'vars' : 'computed'}.${k}`);
  if (Array.isArray(screen.sources))
    for (const s of screen.sources)
      if (isObject(s) && typeof s.into === 'string')
        leaves(s.into, isObject(s.expect) ? s.expect : undefined, out);
  return [...new Set(out)].filter((p) => !p.endsWith('.'));
}
