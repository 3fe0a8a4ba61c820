// The typed half of the interpreter: each library function declares its parameters and result in
// its schema (schemas/functions/, x-fn), and this wrapper gives the implementation arguments of
// those types. The conversions are the language's coercion points, listed in the docs: numeric
// text reads as a number, anything reads as text, a non-list as an empty list. An argument that
// cannot be read as its type makes the result missing; nothing here throws, and no result is NaN
// or Infinity.
import { sub, type EvalEnv, type Operator } from '../evaluate';
import { asNumber, isTruthy, toText } from '../values';
import { parseDate, toIso } from './manila';

/** What an implementation receives: the converted arguments (dates as epoch ms) and the env. */
export type Impl = (args: unknown[], env: EvalEnv) => unknown;

interface Param {
  types: string[];
  /** Literal choices ("days"|"hours"). */
  choices: string[];
  optional: boolean;
  rest: boolean;
}

/** Only this many items of a list argument are read (as filter does). */
export const MAX_ITEMS = 1000;
const INVALID = Symbol('invalid');
/** Parameters written in the document as they are, never evaluated. */
const LITERAL = new Set(['each', 'name', 'field', 'pattern']);

/** "integer?", "number|list...", "\"asc\"|\"desc\"?" as written in the generated table. */
function parseParam(spec: string): Param {
  const rest = spec.endsWith('...');
  const body = spec.replace(/\.\.\.$/, '');
  const optional = body.endsWith('?');
  const parts = body.replace(/\?$/, '').split('|');
  return {
    types: parts.filter((p) => !p.startsWith('"')),
    choices: parts.filter((p) => p.startsWith('"')).map((p) => p.slice(1, -1)),
    optional,
    rest,
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function convertValue(types: string[], value: unknown): unknown {
  if (types.includes('list') && Array.isArray(value)) return value.slice(0, MAX_ITEMS);
  const type = types.find((t) => t !== 'list') ?? 'list';
  switch (type) {
    case 'number':
      return asNumber(value) ?? INVALID;
    case 'integer': {
      const n = asNumber(value);
      return n === undefined ? INVALID : Math.trunc(n);
    }
    case 'text':
      return toText(value);
    case 'boolean':
      return isTruthy(value);
    case 'date': {
      // A date is to the second (as its text is written), so arithmetic on it counts exactly.
      const ms = parseDate(value);
      return ms === undefined ? INVALID : Math.floor(ms / 1000) * 1000;
    }
    case 'list':
      return [];
    case 'object':
      return isPlainObject(value) ? value : {};
    default:
      return value;
  }
}

function convert(param: Param, expr: unknown, env: EvalEnv): unknown {
  if (param.choices.length > 0) return param.choices.includes(expr as string) ? expr : INVALID;
  if (param.types.some((t) => LITERAL.has(t))) return expr;
  const value = sub(env, expr);
  // An optional argument with no value counts as not given (its default applies).
  if (param.optional && (value === undefined || value === null)) return undefined;
  return convertValue(param.types, value);
}

function result(type: string, value: unknown): unknown {
  // `+ 0` turns -0 into 0: a borrower never sees "-0".
  if (type === 'number' || type === 'integer')
    return typeof value === 'number' && Number.isFinite(value) ? value + 0 : undefined;
  if (type === 'date') return typeof value === 'number' && Number.isFinite(value) ? toIso(value) : undefined;
  return value;
}

/** An operator that converts its arguments to `params` and its result to `returns`. */
export function typed(params: readonly string[], returns: string, impl: Impl): Operator {
  const specs = params.map(parseParam);
  const last = specs[specs.length - 1];
  return (raw, env) => {
    const given = Array.isArray(raw) ? raw : [];
    const count = last?.rest ? Math.max(given.length, specs.length) : specs.length;
    const args: unknown[] = [];
    for (let i = 0; i < count; i++) {
      const param = specs[Math.min(i, specs.length - 1)]!;
      if (i >= given.length) {
        if (!param.optional && !param.rest) return undefined;
        args.push(undefined);
        continue;
      }
      const value = convert(param, given[i], env);
      if (value === INVALID) return undefined;
      args.push(value);
    }
    try {
      return result(returns, impl(args, env));
    } catch {
      return undefined;
    }
  };
}
