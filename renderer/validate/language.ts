// The checks of the language's second edition that a schema cannot make: variables are declared
// before they are read or written and hold their type; computed values do not read each other in
// a circle; function arguments are of the types the functions take. Browser-safe, like crossref.
import { engineMeets, ENGINE_VERSION } from '../lang/version';
import { NOT_OF_TYPE, toType } from '../lang/valueTypes';
import { inspectExpr, type Read } from './exprInfo';
import { childPointer } from './pointer';
import { didYouMean } from './suggest';
import { fitsParam, fitsVariable, literalType, typeWords, unionType, type StaticType } from './types';
import { vocabulary } from './vocabulary.gen';
import type { DocumentParts } from './walk';

type Say = (pointer: string, what: (where: string) => string, keyword: string, warning?: boolean) => void;

interface Decl {
  type: string;
  value: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function declarations(section: unknown): Map<string, Decl> {
  const out = new Map<string, Decl>();
  if (!isObject(section)) return out;
  for (const [name, decl] of Object.entries(section))
    if (isObject(decl) && typeof decl.type === 'string')
      out.set(name, { type: decl.type, value: decl.value });
  return out;
}

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

interface Ctx {
  vars: Map<string, Decl>;
  computed: Map<string, Decl>;
  say: Say;
}

function pathType(path: string, ctx: Ctx): StaticType {
  const [root, name, ...more] = path.split('.');
  if (more.length > 0 || name === undefined) return 'any';
  const decl =
    root === 'vars' ? ctx.vars.get(name) : root === 'computed' ? ctx.computed.get(name) : undefined;
  return (decl?.type as StaticType | undefined) ?? 'any';
}

/** "vars.name" or the literal, for messages. */
function describeArg(arg: unknown): string {
  if (isObject(arg) && typeof arg.$ === 'string') return `'${arg.$}'`;
  if (isObject(arg)) return `the ${Object.keys(arg)[0]} expression`;
  return show(arg);
}

interface ParamSpec {
  name: string;
  types: string[];
  literal: boolean;
}

function specOf([name, spec]: readonly [string, string]): ParamSpec {
  const types = spec
    .replace(/\.\.\.$/, '')
    .replace(/\?$/, '')
    .split('|');
  return {
    name,
    types,
    literal: types.some((t) => t.startsWith('"') || ['each', 'name', 'field', 'pattern'].includes(t)),
  };
}

/** The expression's type; checks the arguments of every call inside on the way. */
export function inferType(expr: unknown, at: string, ctx: Ctx): StaticType {
  if (Array.isArray(expr)) {
    expr.forEach((item, i) => inferType(item, childPointer(at, i), ctx));
    return 'list';
  }
  if (!isObject(expr)) return literalType(expr);
  const keys = Object.keys(expr);
  if (keys.length !== 1) return 'any';
  const op = keys[0]!;
  const args = expr[op];
  const argsAt = childPointer(at, op);
  if (op === '$') return typeof args === 'string' ? pathType(args, ctx) : 'any';
  const sig = Object.prototype.hasOwnProperty.call(vocabulary.functions, op)
    ? vocabulary.functions[op]
    : undefined;
  if (!sig) return walkOperands(op, args, argsAt, ctx);
  if (sig.library && !Array.isArray(args)) return 'any';
  const list = sig.bare ? [args] : Array.isArray(args) ? args : [args];
  const specs = sig.params.map(specOf);
  list.forEach((arg, i) => {
    const spec = specs[Math.min(i, specs.length - 1)];
    const argAt = sig.bare ? argsAt : childPointer(argsAt, i);
    if (!spec || (i >= specs.length && !sig.params[specs.length - 1]?.[1].endsWith('...'))) return;
    if (spec.literal) {
      // A per-item expression still holds calls worth checking.
      if (spec.types.includes('each')) inferType(arg, argAt, ctx);
      return;
    }
    const actual = inferType(arg, argAt, ctx);
    if (!fitsParam(spec.types, actual, arg))
      ctx.say(
        argAt,
        (w) =>
          `${w}: ${op} takes ${spec.types.map(typeWords).join(' or ')} as '${spec.name}', but ${describeArg(arg)} is ${typeWords(actual)}${actual === 'text' && typeof arg === 'string' ? ` that does not read as ${typeWords(spec.types[0]!)}` : ''}`,
        'arg-type',
      );
  });
  return sig.returns as StaticType;
}

// Operators without a signature (if, or, ??, lookup, slice, obj, parse): their operands are walked
// for the calls inside; `if` gives its branches' common type.
function walkOperands(op: string, args: unknown, at: string, ctx: Ctx): StaticType {
  if (Array.isArray(args)) {
    const types = args.map((a, i) =>
      isObject(a) && Object.keys(a).length > 1 ? 'any' : inferType(a, childPointer(at, i), ctx),
    );
    return op === 'if' && types.length === 3 ? unionType(types[1]!, types[2]!) : 'any';
  }
  if (op === 'obj' && isObject(args))
    for (const [k, v] of Object.entries(args)) inferType(v, childPointer(at, k), ctx);
  else if (isObject(args)) inferType(args, at, ctx);
  return 'any';
}

function checkDeclarations(ctx: Ctx): void {
  for (const [name, decl] of ctx.vars) {
    if (toType(decl.type, decl.value ?? null) === NOT_OF_TYPE)
      ctx.say(
        `/variables/${name}/value`,
        () => `variable '${name}' is ${typeWords(decl.type)}, but its value ${show(decl.value)} is not`,
        'variable-type',
      );
  }
  for (const [name, decl] of ctx.computed) {
    const at = `/computed/${name}/value`;
    const actual = inferType(decl.value, at, ctx);
    if (!fitsVariable(decl.type, actual, decl.value))
      ctx.say(
        at,
        () => `computed '${name}' is ${typeWords(decl.type)}, but its expression gives ${typeWords(actual)}`,
        'computed-type',
      );
  }
}

const FRAME_ONLY = ['item', 'index', 'result', 'local', 'selected', 'position'];

/** Computed values that read each other in a circle; reads of list-item names, which are never there. */
function checkComputedReads(ctx: Ctx): void {
  const edges = new Map<string, Read[]>();
  for (const [name, decl] of ctx.computed) {
    const reads: Read[] = [];
    inspectExpr(decl.value, `/computed/${name}/value`, reads, []);
    edges.set(
      name,
      reads.filter((r) => r.path.startsWith('computed.')),
    );
    for (const r of reads) {
      const root = r.path.split('.')[0]!;
      if (FRAME_ONLY.includes(root))
        ctx.say(
          r.pointer,
          () =>
            `computed '${name}' reads '${r.path}', but a computed value is worked out for the whole screen, where there is no '${root}'`,
          'computed-scope',
          true,
        );
    }
  }
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (name: string) => {
    state.set(name, 'open');
    trail.push(name);
    for (const read of edges.get(name) ?? []) {
      const next = read.path.split('.')[1] ?? '';
      if (!ctx.computed.has(next)) continue;
      if (state.get(next) === 'open') {
        const circle = [...trail.slice(trail.indexOf(next)), next];
        ctx.say(
          read.pointer,
          () => `computed values read each other in a circle: ${circle.join(' → ')}`,
          'computed-cycle',
        );
      } else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(name, 'done');
  };
  for (const name of ctx.computed.keys()) if (!state.has(name)) visit(name);
}

function checkNames(reads: readonly Read[], parts: DocumentParts, ctx: Ctx): void {
  const uses = [
    ...reads.map((r) => ({ path: r.path, pointer: r.pointer, verb: 'reads' })),
    ...parts.exprs
      .filter((e) => e.fieldKind === 'statePath' && typeof e.expr === 'string')
      .map((e) => ({ path: e.expr as string, pointer: e.pointer, verb: 'writes' })),
  ];
  for (const use of uses) {
    const [root, name = '', ...more] = use.path.split('.');
    if (root !== 'vars' && root !== 'computed') continue;
    const table = root === 'vars' ? ctx.vars : ctx.computed;
    const decl = table.get(name);
    const section = root === 'vars' ? 'variables' : 'computed';
    if (!decl)
      ctx.say(
        use.pointer,
        (w) =>
          `${w}: ${use.verb} '${use.path}', but there is no '${name}' in this screen's ${section}${didYouMean(name, [...table.keys()])}`,
        'variable-ref',
      );
    else if (more.length > 0 && decl.type !== 'list' && decl.type !== 'object')
      ctx.say(
        use.pointer,
        (w) =>
          `${w}: ${use.verb} '${use.path}', but ${root === 'vars' ? 'variable' : 'computed'} '${name}' is ${typeWords(decl.type)}, which has no fields`,
        'variable-ref',
      );
  }
}

/** A set action's value must fit the variable it writes (when the checker can tell). */
function checkWrites(parts: DocumentParts, ctx: Ctx): void {
  for (const n of parts.nodes) {
    if (n.kind !== 'action' || n.type !== 'set' || typeof n.node.path !== 'string') continue;
    const [root, name = '', ...more] = n.node.path.split('.');
    const decl = root === 'vars' && more.length === 0 ? ctx.vars.get(name) : undefined;
    if (!decl) continue;
    const actual = inferType(n.node.value, childPointer(n.pointer, 'value'), {
      ...ctx,
      say: () => undefined,
    });
    if (!fitsVariable(decl.type, actual, n.node.value))
      ctx.say(
        childPointer(n.pointer, 'value'),
        (w) =>
          `${w}: variable '${name}' is ${typeWords(decl.type)}, but this writes ${describeArg(n.node.value)}, ${typeWords(actual)}`,
        'variable-type',
      );
  }
}

/** Blocks and actions that need a newer engine: their fields were not checked (the validator let them be). */
function checkRequires(parts: DocumentParts, say: Say): void {
  for (const n of parts.nodes) {
    if (engineMeets(n.node.requires)) continue;
    const need = (n.node.requires as Record<string, unknown>).engine;
    say(
      childPointer(childPointer(n.pointer, 'requires'), 'engine'),
      (w) =>
        `${w} needs engine ${String(need)}; this checker is engine ${ENGINE_VERSION}, so what it does not know inside is not checked (older apps show the fallback)`,
      'requires-newer',
      true,
    );
  }
}

export function checkLanguage(
  doc: Record<string, unknown>,
  parts: DocumentParts,
  reads: readonly Read[],
  say: Say,
): void {
  const ctx: Ctx = { vars: declarations(doc.variables), computed: declarations(doc.computed), say };
  checkDeclarations(ctx);
  checkComputedReads(ctx);
  checkNames(reads, parts, ctx);
  checkWrites(parts, ctx);
  // Every other expression: the arguments of its calls (computed values were done above).
  for (const e of parts.exprs)
    if (e.fieldKind !== 'statePath' && e.field !== 'computed') inferType(e.expr, e.pointer, ctx);
  checkRequires(parts, say);
}
