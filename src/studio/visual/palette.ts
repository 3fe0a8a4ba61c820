// What the palette offers (issue 25 item 4): every block type with a starting value, read from
// its schema (title, description, x-group, x-scaffold), so a new block type is offered with no
// studio change. Pure.
import { schemaNav } from '../editor/schemas';

export interface PaletteEntry {
  type: string;
  title: string;
  description: string;
  group: string;
  scaffold: Record<string, unknown>;
}

const cached = new Map<string, PaletteEntry[]>();

/** The block types (or with 'actions/', the action steps) that have a starting value. */
export function blockSchemas(folder: 'blocks/' | 'actions/' = 'blocks/'): PaletteEntry[] {
  const known = cached.get(folder);
  if (known) return known;
  const out: PaletteEntry[] = [];
  for (const [id, schema] of schemaNav.byId) {
    if (!id.startsWith(folder)) continue;
    const scaffold = schema['x-scaffold'];
    if (!scaffold || typeof scaffold !== 'object' || Array.isArray(scaffold)) continue;
    const s = scaffold as Record<string, unknown>;
    out.push({
      type: String(folder === 'blocks/' ? s.type : s.do),
      title: typeof schema.title === 'string' ? schema.title : String(s.type),
      description: typeof schema.description === 'string' ? schema.description : '',
      group: typeof schema['x-group'] === 'string' ? schema['x-group'] : 'Other',
      scaffold: s,
    });
  }
  out.sort((a, b) => a.group.localeCompare(b.group) || a.title.localeCompare(b.title));
  cached.set(folder, out);
  return out;
}

/** The entries matching `query` (title, type or description), by group in order. */
export function searchPalette(query: string): { group: string; entries: PaletteEntry[] }[] {
  const q = query.trim().toLowerCase();
  const groups = new Map<string, PaletteEntry[]>();
  for (const e of blockSchemas()) {
    if (q && !`${e.title} ${e.type} ${e.description}`.toLowerCase().includes(q)) continue;
    groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  }
  return [...groups].map(([group, entries]) => ({ group, entries }));
}

/**
 * The entry Enter in the search adds: the closest match to `query` (its type or title the query
 * itself, then starting with it, then containing it, then only its description), the first shown
 * among equals. None for an empty query: Enter then adds nothing.
 */
export function bestMatch(
  groups: readonly { entries: readonly PaletteEntry[] }[],
  query: string,
): PaletteEntry | null {
  const q = query.trim().toLowerCase();
  if (!q) return null;
  const rank = (e: PaletteEntry) => {
    const names = [e.type.toLowerCase(), e.title.toLowerCase()];
    if (names.includes(q)) return 0;
    if (names.some((n) => n.startsWith(q))) return 1;
    if (names.some((n) => n.includes(q))) return 2;
    return 3;
  };
  let best: PaletteEntry | null = null;
  for (const e of groups.flatMap((g) => g.entries)) if (!best || rank(e) < rank(best)) best = e;
  return best;
}
