// A new screen made from a part (issue 25, task 9: a new landing template from the landing part):
// a variant of it that gives each required parameter a starting value, so it is valid when it
// opens and ops fill its slots from the outline. Pure.
import { screenIdProblem } from '../../../wire/studio';
const STARTS: Record<string, unknown> = {
  blocks: [],
  actions: [],
  text: '',
  expression: '',
  number: 0,
  boolean: false,
};

/** Why `id` cannot be a new screen's (the server's rule, src/wire/studio.ts; or it is taken), or null. */
export function newScreenIdProblem(id: string, taken: readonly string[]): string | null {
  if (!id) return 'Give the new screen an id';
  return screenIdProblem(id) ?? (taken.includes(id) ? `There is a screen ${id} already` : null);
}

/** The text of a new screen `id` based on part `part` (`declared`: the part's value). */
export function newScreenFromPart(id: string, part: string, declared: unknown): string {
  const parameters =
    typeof declared === 'object' && declared !== null && 'parameters' in declared
      ? ((declared as { parameters?: Record<string, { type?: string; default?: unknown }> }).parameters ?? {})
      : {};
  const given: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(parameters))
    if (p && !('default' in p)) given[name] = STARTS[p.type ?? 'expression'] ?? '';
  const value = {
    $schema: '../schemas/screen.schema.json',
    schemaVersion: 1,
    id,
    variantOf: `parts/${part}`,
    with: given,
  };
  // Written as the screens in screens/ are (prettier's JSON: two spaces, a field a line).
  return `${JSON.stringify(value, null, 2)}\n`;
}
