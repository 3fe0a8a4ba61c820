// Parameters: what a part (or a screen that is a base) declares, what a use of it gives (`with`),
// and putting the values where the part says {"$param": "name"}. Each problem is an issue at the
// place that gives the value, and, for the wrong name, the wrong type and the missing value, also
// at the declaration (issue 18: "at the line and column of the reference, and at the part's own
// definition").
import { didYouMean } from '../../renderer/validate/suggest';
import type { Problem } from '../../renderer/validate/problem';
import { problemAt } from './issues';
import { deeper, type Origin, type SourceMap } from './origins';

export type ParamType = 'text' | 'number' | 'boolean' | 'expression' | 'blocks' | 'actions';

interface Declared {
  type: ParamType;
  hasDefault: boolean;
  value: unknown;
  origin: Origin;
}

export interface Scope {
  /** "part 'product-card'" or "screen 'repay-installment'", for messages. */
  owner: string;
  declared: ReadonlyMap<string, Declared>;
  given: ReadonlyMap<string, { value: unknown; origin: Origin }>;
  /** Parameters read by a placeholder (the unused ones are warned about). */
  used: Set<string>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const isPlaceholder = (v: unknown): v is { $param: string } =>
  isObject(v) && Object.keys(v).length === 1 && typeof v.$param === 'string';

const TYPE_WORDS: Record<ParamType, string> = {
  text: 'text',
  number: 'a number',
  boolean: 'true or false',
  expression: 'a value or an expression',
  blocks: 'a list of blocks',
  actions: 'a list of actions',
};

/** What a value is, in the words of the messages. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (isObject(value)) return 'an expression or object';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return 'true or false';
  return typeof value === 'number' ? 'a number' : typeof value;
}

/** Why `value` is not of `type`, or null. */
function typeProblem(type: ParamType, value: unknown): string | null {
  const ok = (() => {
    switch (type) {
      case 'text':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'expression':
        return value !== undefined;
      case 'blocks':
        return Array.isArray(value) && value.every((b) => isObject(b) && typeof b.type === 'string');
      case 'actions':
        return Array.isArray(value) && value.every((a) => isObject(a) && typeof a.do === 'string');
    }
  })();
  if (ok) return null;
  const what = kindOf(value);
  return Array.isArray(value) && (type === 'blocks' || type === 'actions')
    ? `takes ${TYPE_WORDS[type]}, and every item must have '${type === 'blocks' ? 'type' : 'do'}'`
    : `takes ${TYPE_WORDS[type]}, not ${what}`;
}

/** A placeholder's stand-in when a part is checked on its own (and a new screen's start, studio). */
export const STAND_IN: Readonly<Record<ParamType, unknown>> = {
  text: 'text',
  number: 0,
  boolean: false,
  expression: null,
  blocks: [],
  actions: [],
};

export interface Binding {
  /** The declarations (a part's `parameters`, or a screen's), where they are written. */
  declarations: unknown;
  declaredAt: Origin;
  owner: string;
  /** The values given (`with`), where they are written; undefined when none. */
  args: unknown;
  argsAt: Origin;
  /** The place that uses the part: a missing value is reported there. */
  useAt: Origin;
  /** Who gives the values, for the messages said at the declaration ("screen 'joint-fail'"). */
  user: string;
  /** Missing required values take a stand-in instead of being an error (a part checked alone). */
  standIns?: boolean;
}

/** The scope of a use: declarations checked against the values given. */
export function bind(b: Binding, issues: Problem[]): Scope {
  const declared = new Map<string, Declared>();
  const given = new Map<string, { value: unknown; origin: Origin }>();
  const decls = isObject(b.declarations) ? b.declarations : {};
  for (const [name, d] of Object.entries(decls)) {
    if (!isObject(d) || typeof d.type !== 'string' || !(d.type in TYPE_WORDS)) continue;
    const origin = deeper(b.declaredAt, name);
    declared.set(name, {
      type: d.type as ParamType,
      hasDefault: Object.prototype.hasOwnProperty.call(d, 'default'),
      value: d.default,
      origin,
    });
  }
  const names = [...declared.keys()];
  const args = isObject(b.args) ? b.args : {};
  for (const [name, value] of Object.entries(args)) {
    const at = deeper(b.argsAt, name);
    const d = declared.get(name);
    if (!d) {
      issues.push(
        problemAt(
          at,
          'part-parameter',
          `${b.owner} has no parameter '${name}'${didYouMean(name, names) || (names.length ? ` (it has ${names.map((n) => `'${n}'`).join(', ')})` : ' (it has none)')}`,
          {
            definition: {
              origin: b.declaredAt,
              message: `${b.user} gives '${name}', which is not a parameter here`,
            },
          },
        ),
      );
      continue;
    }
    const wrong = typeProblem(d.type, value);
    if (wrong) {
      issues.push(
        problemAt(at, 'part-parameter-type', `parameter '${name}' of ${b.owner} ${wrong}`, {
          definition: {
            origin: d.origin,
            message: `${b.user} gives '${name}' ${kindOf(value)}, but it ${wrong}`,
          },
        }),
      );
      given.set(name, { value: STAND_IN[d.type], origin: { ...at, standIn: true } });
      continue;
    }
    given.set(name, { value, origin: at });
  }
  for (const [name, d] of declared) {
    if (given.has(name) || d.hasDefault) continue;
    // A part checked alone takes a stand-in for a required value: each screen's own is checked there.
    given.set(name, {
      value: STAND_IN[d.type],
      origin: { ...(b.standIns ? d.origin : b.useAt), standIn: true },
    });
    if (b.standIns) continue;
    issues.push(
      problemAt(
        b.useAt,
        'part-parameter-missing',
        `${b.owner} needs '${name}' (${TYPE_WORDS[d.type]}): give it in 'with'`,
        {
          definition: { origin: d.origin, message: `'${name}' is required, but ${b.user} does not give it` },
        },
      ),
    );
  }
  return { owner: b.owner, declared, given, used: new Set() };
}

/**
 * Puts the scope's values where `node` (copied already, origins remembered) has placeholders, in
 * place. A value from a list of blocks or actions put as an item of a list is spread into it.
 */
export function substitute(node: unknown, at: Origin, scope: Scope, map: SourceMap, issues: Problem[]): void {
  const resolving: string[] = [];

  const valueOf = (name: string, at: Origin): { value: unknown; origin: Origin; type: ParamType } | null => {
    const d = scope.declared.get(name);
    if (!d) {
      issues.push(
        problemAt(
          at,
          'part-placeholder',
          `there is no parameter '${name}' in ${scope.owner}${didYouMean(name, [...scope.declared.keys()])}`,
        ),
      );
      return null;
    }
    scope.used.add(name);
    if (resolving.includes(name)) {
      issues.push(
        problemAt(at, 'part-placeholder', `the default of '${name}' in ${scope.owner} uses '${name}' itself`),
      );
      return null;
    }
    const g = scope.given.get(name);
    if (!g && !d.hasDefault) return null;
    const origin = g ? g.origin : deeper(d.origin, 'default');
    const value = map.copy(g ? g.value : d.value, origin);
    // A default may read other parameters (never itself).
    if (!g) {
      resolving.push(name);
      const box = [value];
      walk(box, map.originOf(box) ?? origin);
      resolving.pop();
      return { value: box[0], origin, type: d.type };
    }
    return { value, origin, type: d.type };
  };

  function walk(container: unknown, at: Origin): void {
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const item = container[i];
        if (isPlaceholder(item)) {
          const found = valueOf(item.$param, map.originOf(item) ?? deeper(at, i));
          const spread =
            found && (found.type === 'blocks' || found.type === 'actions') && Array.isArray(found.value);
          const items = found === null ? [] : spread ? (found.value as unknown[]) : [found.value];
          container.splice(i, 1, ...items);
          i += items.length - 1;
          continue;
        }
        walk(item, map.originOf(item as object) ?? deeper(at, i));
      }
      return;
    }
    if (!isObject(container)) return;
    for (const key of Object.keys(container)) {
      const value = container[key];
      if (isPlaceholder(value)) {
        const found = valueOf(value.$param, map.originOf(value) ?? deeper(at, key));
        if (found === null) delete container[key];
        else map.put(container, key, found.value, found.origin);
        continue;
      }
      walk(value, (typeof value === 'object' && value !== null && map.originOf(value)) || deeper(at, key));
    }
  }

  walk(node, at);
}

/** Parameters declared and never read: warnings at their declaration. */
export function unusedWarnings(scope: Scope, issues: Problem[]): void {
  for (const [name, d] of scope.declared)
    if (!scope.used.has(name))
      issues.push(
        problemAt(
          d.origin,
          'part-parameter-unused',
          `parameter '${name}' of ${scope.owner} is never used ({"$param": "${name}"} appears nowhere)`,
          { severity: 'warning' },
        ),
      );
}

/** Defaults of the wrong type, said at the declaration (where the part's author sees them). */
export function checkDefaults(declarations: unknown, at: Origin, issues: Problem[]): void {
  if (!isObject(declarations)) return;
  for (const [name, d] of Object.entries(declarations)) {
    if (!isObject(d) || !('default' in d) || !(typeof d.type === 'string' && d.type in TYPE_WORDS)) continue;
    const wrong = isPlaceholder(d.default) ? null : typeProblem(d.type as ParamType, d.default);
    if (wrong)
      issues.push(
        problemAt(
          deeper(deeper(at, name), 'default'),
          'part-parameter-type',
          `the default of '${name}' is not of its type: '${name}' ${wrong}`,
        ),
      );
  }
}
