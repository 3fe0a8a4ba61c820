// A new screen made from a part (issue 25, task 9: a new landing template from the landing part):
// a variant of it that gives each required parameter a starting value, so it is valid when it
// opens and ops fill its slots from the outline. Pure.
import { STAND_IN, type ParamType } from '../../../parts/params';
import type { Parameters } from '../../../parts/types.gen';
import { screenIdProblem } from '../../../wire/studio';
import { isObject } from './isObject';
/**
 * A required parameter's start: the checker's stand-in (src/parts/params.ts), except that a text
 * or a value starts empty. The stand-in word "text" would reach borrowers if nobody changed it, and
 * null (the checker's value) fails a field that needs text; an empty text shows nothing and stays valid.
 */
const startOf = (type: ParamType): unknown =>
  type === 'text' || type === 'expression' ? '' : STAND_IN[type];

/** Why `id` cannot be a new screen's (the server's rule, src/wire/studio.ts; or it is taken), or null. */
export function newScreenIdProblem(id: string, taken: readonly string[]): string | null {
  if (!id) return 'Give the new screen an id';
  return screenIdProblem(id) ?? (taken.includes(id) ? `There is a screen ${id} already` : null);
}

/**
 * The text of a new screen `id` based on part `part` (`declared`: the part's value as its text
 * parses, read as a PartDocument where it is one: the part being edited may not be valid yet).
 */
export function newScreenFromPart(id: string, part: string, declared: unknown): string {
  const parameters: Parameters =
    isObject(declared) && isObject(declared.parameters) ? (declared.parameters as Parameters) : {};
  const given: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(parameters))
    if (isObject(p) && !('default' in p))
      given[name] = p.type in STAND_IN ? startOf(p.type) : startOf('expression');
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
