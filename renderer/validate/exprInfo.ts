// What an expression reads, which literal values it can produce, and which regular expressions
// it holds: for the document checker, without evaluating anything.
import { templatePaths } from '../expr/template';
import { childPointer } from './pointer';

export interface Read {
  path: string;
  pointer: string;
}

export interface Pattern {
  pattern: string;
  pointer: string;
}

/** A literal the expression may produce: whole, or only its beginning (a template or concat). */
export interface Outcome {
  value: string;
  whole: boolean;
  pointer: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function single(expr: unknown): [string, unknown] | null {
  if (!isObject(expr)) return null;
  const keys = Object.keys(expr);
  return keys.length === 1 ? [keys[0]!, expr[keys[0]!]] : null;
}

/** Every state path read, and every regular expression given to `matches`. */
export function inspectExpr(expr: unknown, pointer: string, reads: Read[], patterns: Pattern[]): void {
  const stack: [unknown, string][] = [[expr, pointer]];
  while (stack.length > 0) {
    const [e, at] = stack.pop()!;
    if (Array.isArray(e)) {
      e.forEach((item, i) => stack.push([item, childPointer(at, i)]));
      continue;
    }
    if (!isObject(e)) continue;
    const op = single(e);
    const args = op ? op[1] : undefined;
    const argsAt = op ? childPointer(at, op[0]) : at;
    const arg = (i: number) =>
      Array.isArray(args) ? ([args[i], childPointer(argsAt, i)] as [unknown, string]) : null;
    switch (op?.[0]) {
      case '$':
        if (typeof args === 'string') reads.push({ path: args, pointer: argsAt });
        break;
      case 't':
        if (typeof args === 'string')
          for (const path of templatePaths(args)) reads.push({ path, pointer: argsAt });
        break;
      case 'matches': {
        const p = arg(1);
        if (p && typeof p[0] === 'string') patterns.push({ pattern: p[0], pointer: p[1] });
        const t = arg(0);
        if (t) stack.push(t);
        break;
      }
      case 'format':
      case 'join':
      case 'lookup': {
        // Only the first (and lookup's default) argument is an expression; the rest are names or a table.
        for (const i of op[0] === 'lookup' ? [0, 2] : [0]) {
          const a = arg(i);
          if (a) stack.push(a);
        }
        break;
      }
      default:
        if (op) stack.push([args, argsAt]);
        else for (const [k, v] of Object.entries(e)) stack.push([v, childPointer(at, k)]);
    }
  }
}

/** The literal strings an expression can evaluate to (through or, ??, if, lookup, concat, t). */
export function outcomes(expr: unknown, pointer: string, depth = 0): Outcome[] {
  if (depth > 32) return [];
  if (typeof expr === 'string') return [{ value: expr, whole: true, pointer }];
  const op = single(expr);
  if (!op) return [];
  const [name, args] = op;
  const at = childPointer(pointer, name);
  const list = Array.isArray(args) ? args : [];
  const from = (i: number) => outcomes(list[i], childPointer(at, i), depth + 1);
  switch (name) {
    case 'or':
    case '??':
      return list.flatMap((_, i) => from(i));
    case 'if':
      return [...from(1), ...from(2)];
    case 'lookup': {
      const table = isObject(list[1]) ? list[1] : {};
      const values = Object.entries(table).flatMap(([k, v]) =>
        typeof v === 'string'
          ? [{ value: v, whole: true, pointer: childPointer(childPointer(at, 1), k) }]
          : [],
      );
      return [...values, ...from(2)];
    }
    case 'concat': {
      // The literal pieces up to the first computed one: ["https://", "evil.example/", {"$": ...}].
      const lead = list.findIndex((piece) => typeof piece !== 'string');
      const count = lead < 0 ? list.length : lead;
      return count > 0
        ? [
            {
              value: list.slice(0, count).join(''),
              whole: count === list.length,
              pointer: childPointer(at, 0),
            },
          ]
        : [];
    }
    case 't': {
      if (typeof args !== 'string') return [];
      const open = firstPlaceholder(args);
      return open < 0
        ? [{ value: args.replace(/\{\{/g, '{').replace(/\}\}/g, '}'), whole: true, pointer: at }]
        : [{ value: args.slice(0, open), whole: false, pointer: at }];
    }
    default:
      return [];
  }
}

/** Where the first {placeholder} starts ({{ is a literal brace), or -1. */
function firstPlaceholder(template: string): number {
  for (let i = 0; i < template.length; i++) {
    if (template[i] !== '{') continue;
    if (template[i + 1] === '{') i++;
    else return i;
  }
  return -1;
}
