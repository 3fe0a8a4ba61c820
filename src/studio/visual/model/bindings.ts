// What a binding or a condition may read in a screen (issue 25 item 2): its params, its state,
// its variables and computed values, and the data its sources bring (their `into`, and the fields
// their `expect` names), what the scenario's replies hold and the configuration; and whether a value is
// a binding at all. Picked from, not typed. Pure.
import { callKey, type Scenario } from '../../shared/protocol';
import { isObject } from './isObject';

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

/** A binding's path (`{"$": "params.orderId"}` -> "params.orderId"), or null for any other value. */
export function bindingPath(value: unknown): string | null {
  if (!isObject(value)) return null;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === '$' && typeof value.$ === 'string' ? value.$ : null;
}

/** How a bindable field's value is shown: a fixed value, a binding, or an expression of another kind. */
export type ValueMode = 'fixed' | 'binding' | 'expression';

export function valueMode(value: unknown): ValueMode {
  if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value))
    return 'fixed';
  return bindingPath(value) !== null ? 'binding' : 'expression';
}

/** The replies a scenario gives the calls, by callKey. */
export type ScenarioReplies = Pick<Scenario, 'responses'>;

/**
 * The data paths the scenario's replies actually contain: for each source of the screen that a
 * reply answers (by "<api> <METHOD> <path>", as the phone's scenario host finds it), the reply's
 * data under the source's `into`.
 */
export function scenarioPaths(doc: unknown, scenario: ScenarioReplies | null | undefined): string[] {
  if (!isObject(doc) || !scenario?.responses) return [];
  const screen = isObject(doc.screen) ? doc.screen : doc;
  const out: string[] = [];
  if (Array.isArray(screen.sources))
    for (const s of screen.sources) {
      if (
        !isObject(s) ||
        typeof s.into !== 'string' ||
        typeof s.api !== 'string' ||
        typeof s.path !== 'string'
      )
        continue;
      const reply =
        scenario.responses[callKey(s.api, typeof s.method === 'string' ? s.method : 'POST', s.path)];
      if (reply && reply.data !== undefined) leaves(s.into, reply.data, out);
    }
  return [...new Set(out)];
}

/** The choices of a binding, grouped as the select shows them. */
export interface BindingGroup {
  label: string;
  paths: string[];
}

/**
 * What a binding may read: the screen's own paths (`screen`, readablePaths(doc), when the caller
 * has them already), what the scenario's replies hold, the configuration.
 */
export function bindingGroups(
  doc: unknown,
  configKeys: readonly string[],
  scenario?: ScenarioReplies | null,
  screen: string[] = readablePaths(doc),
): BindingGroup[] {
  const seen = new Set(screen);
  const replies = scenarioPaths(doc, scenario).filter((p) => !seen.has(p));
  return [
    { label: 'This screen', paths: screen },
    { label: "The scenario's replies", paths: replies },
    { label: 'Configuration', paths: configKeys.map((k) => `config.${k}`) },
  ].filter((g) => g.paths.length > 0);
}
