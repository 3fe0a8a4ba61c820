// What a field with a list of choices (x-choices) offers, and whether that list is closed.
// Routes, modals and timers are lists the studio knows whole (the manifest, the screen), so a
// <select> fits; API paths and track event names are open: the studio only knows the ones already
// used, so the field stays a text box that suggests them (an ops person must be able to type a new
// one). A closed list that is empty or lacks the current value also falls back to the text box,
// so no value is ever unreachable.
import { isObject } from './isObject';

const CLOSED = new Set(['routes', 'modals', 'timers']);

/** `select` when every allowed value is in `list`; `input` (with suggestions) otherwise. */
export function choiceControl(name: string, list: readonly string[], current: string): 'select' | 'input' {
  if (!CLOSED.has(name) || list.length === 0) return 'input';
  return current === '' || list.includes(current) ? 'select' : 'input';
}

/** The field of an action type that names an open-list value, by list name. */
const USED: Record<string, { action: string; field: string }> = {
  apiPaths: { action: 'call', field: 'path' },
  trackEvents: { action: 'track', field: 'event' },
};

/** The values of an open list already used in `docs` (call paths, track events), sorted, once each. */
export function usedChoices(name: string, docs: readonly unknown[]): string[] {
  const used = USED[name];
  if (!used) return [];
  const found = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 64) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isObject(v)) {
      const value = v[used.field];
      if (v.do === used.action && typeof value === 'string' && value !== '') found.add(value);
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  for (const d of docs) walk(d, 0);
  return [...found].sort();
}
