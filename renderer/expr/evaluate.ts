import { readPath } from './path';
import { interpolate, type Formatter } from './template';
import { compareNumbers, isMissing, isTruthy, looseEquals, toNumber, toText } from './values';

export type Scope = Readonly<Record<string, unknown>>;

/** Told of every path an expression reads from its scope, with what it found (for redraw tracking). */
export type ReadListener = (path: string, value: unknown) => void;

export interface EvalEnv {
  scope: Scope;
  format: Formatter;
  onRead?: ReadListener;
  /** The app's clock (Host.now) for now(); Date.now when not given. */
  now?: () => number;
}

export type Args = unknown;
export type Operator = (args: Args, env: EvalEnv) => unknown;

const MAX_DEPTH = 64;

const list = (args: Args): unknown[] => (Array.isArray(args) ? args : [args]);

/**
 * The depth of the operator being run. Evaluation is synchronous, so one counter, set around each
 * operator and put back after it, gives `sub` its depth: no env object and two closures made per
 * node, which were most of an evaluation's cost (issue 26: the server evaluates every expression
 * of a page it draws). A nested evaluate() (from a formatter or a read listener) sets and restores
 * it like any operator, so depths are exactly those of the recursion.
 */
let running = 0;

function ev(expr: unknown, env: EvalEnv, depth: number): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (expr === null || typeof expr !== 'object') return expr;
  if (Array.isArray(expr)) return expr.map((item) => ev(item, env, depth + 1));
  const keys = Object.keys(expr);
  if (keys.length !== 1) return undefined;
  const key = keys[0]!;
  if (!Object.prototype.hasOwnProperty.call(OPERATORS, key)) return undefined;
  const op = OPERATORS[key]!;
  const outer = running;
  running = depth;
  try {
    return op((expr as Record<string, unknown>)[key], env);
  } finally {
    running = outer;
  }
}

// Reads of an operator's own variables (filter's item) are not reads of the outer scope.
function outside(onRead: ReadListener | undefined, vars: Record<string, unknown>): ReadListener | undefined {
  if (!onRead) return undefined;
  return (path, value) => {
    const dot = path.indexOf('.');
    if (!Object.prototype.hasOwnProperty.call(vars, dot < 0 ? path : path.slice(0, dot))) onRead(path, value);
  };
}

// Each operator evaluates its own arguments so that `and`, `or` and `if` short-circuit.
export function sub(env: EvalEnv, expr: unknown): unknown {
  return ev(expr, env, running + 1);
}

// Evaluates with extra variables in scope (the list item of `filter` and `toObject`).
export function subWith(env: EvalEnv, expr: unknown, vars: Record<string, unknown>): unknown {
  return ev(
    expr,
    { ...env, scope: { ...env.scope, ...vars }, onRead: outside(env.onRead, vars) },
    running + 1,
  );
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** An own field of a plain object, never a prototype key or a function. */
function ownField(value: unknown, key: string): unknown {
  if (!isPlainObject(value) || FORBIDDEN_KEYS.has(key) || !Object.prototype.hasOwnProperty.call(value, key))
    return undefined;
  const found = value[key];
  return typeof found === 'function' ? undefined : found;
}

/** Defines a field on a fresh object (never through a setter, never a prototype key). */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '' || FORBIDDEN_KEYS.has(key)) return;
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

const MAX_ITEMS = 1000;

const pair = (args: Args, env: EvalEnv): [unknown, unknown] => {
  const [a, b] = list(args);
  return [sub(env, a), sub(env, b)];
};

const OPERATORS: Record<string, Operator> = Object.assign(Object.create(null) as Record<string, Operator>, {
  $: (path: Args, env: EvalEnv) => {
    if (typeof path !== 'string') return undefined;
    const value = readPath(env.scope, path);
    env.onRead?.(path, value);
    return value;
  },
  t: (text: Args, env: EvalEnv) =>
    typeof text === 'string' ? interpolate(text, env.scope, env.format, env.onRead) : '',
  '==': (args: Args, env: EvalEnv) => looseEquals(...pair(args, env)),
  '!=': (args: Args, env: EvalEnv) => !looseEquals(...pair(args, env)),
  '<': (args: Args, env: EvalEnv) => compareNumbers(...pair(args, env), (x, y) => x < y),
  '<=': (args: Args, env: EvalEnv) => compareNumbers(...pair(args, env), (x, y) => x <= y),
  '>': (args: Args, env: EvalEnv) => compareNumbers(...pair(args, env), (x, y) => x > y),
  '>=': (args: Args, env: EvalEnv) => compareNumbers(...pair(args, env), (x, y) => x >= y),
  '+': (args: Args, env: EvalEnv) => {
    const [a, b] = pair(args, env);
    return toNumber(a) + toNumber(b);
  },
  '-': (args: Args, env: EvalEnv) => {
    const [a, b] = pair(args, env);
    return toNumber(a) - toNumber(b);
  },
  and: (args: Args, env: EvalEnv) => {
    for (const item of list(args)) if (!isTruthy(sub(env, item))) return false;
    return true;
  },
  or: (args: Args, env: EvalEnv) => {
    let value: unknown;
    for (const item of list(args)) {
      value = sub(env, item);
      if (isTruthy(value)) return value;
    }
    return value;
  },
  not: (arg: Args, env: EvalEnv) => !isTruthy(sub(env, arg)),
  in: (args: Args, env: EvalEnv) => {
    const [needle, hay] = pair(args, env);
    return Array.isArray(hay) && hay.some((item) => looseEquals(needle, item));
  },
  // TypeScript's `??`: only undefined and null fall through; "", 0 and false are values (use `or`
  // for "the first non-empty").
  '??': (args: Args, env: EvalEnv) => {
    for (const item of list(args)) {
      const value = sub(env, item);
      if (value !== undefined && value !== null) return value;
    }
    return undefined;
  },
  if: (args: Args, env: EvalEnv) => {
    const [cond, yes, no] = list(args);
    return isTruthy(sub(env, cond)) ? sub(env, yes) : sub(env, no);
  },
  len: (arg: Args, env: EvalEnv) => {
    const value = sub(env, arg);
    return Array.isArray(value) || typeof value === 'string' ? value.length : 0;
  },
  format: (args: Args, env: EvalEnv) => {
    const [value, name, arg] = list(args);
    return env.format(String(name), sub(env, value), typeof arg === 'string' ? arg : undefined);
  },
  lookup: (args: Args, env: EvalEnv) => {
    const [key, table, fallback] = list(args);
    const k = toText(sub(env, key));
    if (table && typeof table === 'object' && Object.prototype.hasOwnProperty.call(table, k)) {
      return (table as Record<string, unknown>)[k];
    }
    return sub(env, fallback);
  },
  concat: (args: Args, env: EvalEnv) =>
    list(args)
      .map((item) => toText(sub(env, item)))
      .join(''),
  join: (args: Args, env: EvalEnv) => {
    const [items, sep, field] = list(args);
    const value = sub(env, items);
    if (!Array.isArray(value)) return '';
    const pick = typeof field === 'string' ? (v: unknown) => readPath(v, field) : (v: unknown) => v;
    return value.map((v) => toText(pick(v))).join(typeof sep === 'string' ? sep : ',');
  },
  slice: (args: Args, env: EvalEnv) => {
    const [items, start, end] = list(args).map((a) => sub(env, a));
    if (!Array.isArray(items) && typeof items !== 'string') return [];
    return items.slice(toNumber(start), end === undefined ? undefined : toNumber(end));
  },
  matches: (args: Args, env: EvalEnv) => {
    const [text, pattern] = list(args);
    if (typeof pattern !== 'string') return false;
    try {
      return new RegExp(pattern).test(toText(sub(env, text)));
    } catch {
      return false;
    }
  },
  // An object's own fields as a list, so a server map (group name -> items) can be shown by repeat.
  entries: (arg: Args, env: EvalEnv) => {
    const value = sub(env, arg);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
    return Object.keys(value)
      .filter((key) => key !== '__proto__')
      .map((key) => ({ key, value: (value as Record<string, unknown>)[key] }));
  },
  filter: (args: Args, env: EvalEnv) => {
    const [items, cond, as] = list(args);
    const value = sub(env, items);
    if (!Array.isArray(value)) return [];
    const name = typeof as === 'string' && as !== '' ? as : 'item';
    return value
      .slice(0, MAX_ITEMS)
      .filter((item, index) => isTruthy(subWith(env, cond, { [name]: item, index })));
  },
  pick: (args: Args, env: EvalEnv) => {
    const [source, keys, field] = list(args);
    const from = sub(env, source);
    const names = sub(env, keys);
    const out: Record<string, unknown> = {};
    if (!Array.isArray(names)) return out;
    for (const entry of names.slice(0, MAX_ITEMS)) {
      const key = toText(typeof field === 'string' ? ownField(entry, field) : entry);
      const found = ownField(from, key);
      if (found !== undefined) put(out, key, found);
    }
    return out;
  },
  merge: (args: Args, env: EvalEnv) => {
    const out: Record<string, unknown> = {};
    for (const item of list(args)) {
      const value = sub(env, item);
      if (isPlainObject(value)) for (const key of Object.keys(value)) put(out, key, ownField(value, key));
    }
    return out;
  },
  toObject: (args: Args, env: EvalEnv) => {
    const [items, keyField, valueField] = list(args);
    const value = sub(env, items);
    const out: Record<string, unknown> = {};
    if (!Array.isArray(value) || typeof keyField !== 'string') return out;
    for (const item of value.slice(0, MAX_ITEMS)) {
      const key = ownField(item, keyField);
      if (isMissing(key) || typeof key === 'object') continue;
      put(out, toText(key), typeof valueField === 'string' ? ownField(item, valueField) : item);
    }
    return out;
  },
  split: (args: Args, env: EvalEnv) => {
    const [text, sep] = list(args);
    const value = sub(env, text);
    if (Array.isArray(value)) return value;
    if (typeof value !== 'string') return [];
    return value
      .split(typeof sep === 'string' && sep !== '' ? sep : ',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  },
  // Through sub(), so nested obj counts toward the depth limit like every other operator.
  obj: (fields: Args, env: EvalEnv) => fieldsWith(fields, (expr) => sub(env, expr)),
  json: (arg: Args, env: EvalEnv) => toText(sub(env, arg)),
  parse: (arg: Args, env: EvalEnv) => {
    const text = sub(env, arg);
    if (typeof text !== 'string') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  },
});

export const OPERATOR_NAMES: readonly string[] = Object.keys(OPERATORS);

const REGISTERED = new Set<string>();

/**
 * Adds operators to the interpreter: the function library (renderer/expr/functions/) loads on
 * first use and registers here, so the first screen's code does not carry it.
 */
export function registerOperators(more: Readonly<Record<string, Operator>>): void {
  for (const name of Object.keys(more)) {
    if (Object.prototype.hasOwnProperty.call(OPERATORS, name)) continue;
    OPERATORS[name] = more[name]!;
    REGISTERED.add(name);
    (OPERATOR_NAMES as string[]).push(name);
  }
}

/**
 * Whether {key: value} is an operator call. A library function is always written with a list of
 * arguments, so named fields such as a call body's {"date": {"$": "form.date"}} stay fields.
 */
export function isOperatorCall(key: string, value: unknown): boolean {
  if (!Object.prototype.hasOwnProperty.call(OPERATORS, key)) return false;
  return !REGISTERED.has(key) || Array.isArray(value);
}

export function evaluate(expr: unknown, env: EvalEnv): unknown {
  return ev(expr, env, 0);
}

/** Evaluates each field of a `{name: expr}` map into a fresh object (no prototype tricks survive). */
export function evaluateFields(fields: unknown, env: EvalEnv): Record<string, unknown> {
  return fieldsWith(fields, (expr) => ev(expr, env, 1));
}

/**
 * A call's body: named fields ({"orderId": {"$": "params.orderId"}}), or one operator expression
 * that gives an object (a payload built from a server-driven form, e.g. {"merge": [...]}). Anything
 * else gives an empty body.
 */
export function evaluateBody(body: unknown, env: EvalEnv): Record<string, unknown> {
  if (!isPlainObject(body)) return {};
  const keys = Object.keys(body);
  if (keys.length === 1 && isOperatorCall(keys[0]!, body[keys[0]!])) {
    const value = ev(body, env, 0);
    const out: Record<string, unknown> = {};
    if (isPlainObject(value)) for (const key of Object.keys(value)) put(out, key, ownField(value, key));
    return out;
  }
  return evaluateFields(body, env);
}

function fieldsWith(fields: unknown, evalOne: (expr: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return out;
  for (const [key, expr] of Object.entries(fields)) {
    if (key === '__proto__') continue;
    out[key] = evalOne(expr);
  }
  return out;
}
