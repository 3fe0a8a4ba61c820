// The function library as the schemas declare it (schemas/functions/*.schema.json, x-fn; the core
// operators' types in functions/core.schema.json): the typed table the engine's lazily loaded
// library is built from, the names the first screen's code needs to know it must load it, and
// the signatures the checker, the studio and the docs read.
import type { Schema, SchemaSet } from './schemas';

export interface ParamInfo {
  name: string;
  /** As the runtime reads it: "integer?", "number|list...", "\"asc\"|\"desc\"". */
  spec: string;
  types: string[];
  optional: boolean;
  rest: boolean;
}

export interface FunctionInfo {
  name: string;
  /** The schema file's name (numbers, dates...): the module in renderer/expr/functions/. */
  group: string;
  title: string;
  /** A library function (lazily loaded), or a core operator of renderer/expr/evaluate.ts. */
  library: boolean;
  params: ParamInfo[];
  returns: string;
  /** The argument is the expression itself, not a list of arguments ({"not": x}). */
  bare: boolean;
  description: string;
  examples: [unknown, unknown][];
  /** The state the group's examples read (x-example-scope). */
  exampleScope: Record<string, unknown>;
}

interface XFn {
  params?: string[];
  returns?: string;
  bare?: boolean;
  examples?: [unknown, unknown][];
}

const PARAM = /^([A-Za-z]+)(\.\.\.)?(\?)?:\s*(.+)$/;

export function parseParam(text: string): ParamInfo {
  const m = PARAM.exec(text);
  if (!m) throw new Error(`bad parameter "${text}" (write "name: type", "name?: type" or "name...: type")`);
  const [, name, rest, optional, type] = m;
  return {
    name: name!,
    spec: `${type}${optional ? '?' : ''}${rest ? '...' : ''}`,
    types: type!.split('|'),
    optional: Boolean(optional),
    rest: Boolean(rest),
  };
}

const groupOf = (schema: Schema) => schema.$id.replace(/^functions\//, '').replace(/\.schema\.json$/, '');

function info(name: string, schema: Schema, fn: XFn, library: boolean, description: string): FunctionInfo {
  if (typeof fn.returns !== 'string') throw new Error(`${schema.$id}: ${name} has no x-fn returns`);
  return {
    name,
    group: groupOf(schema),
    title: String(schema.title ?? ''),
    library,
    params: (fn.params ?? []).map(parseParam),
    returns: fn.returns,
    bare: fn.bare === true,
    description,
    examples: fn.examples ?? [],
    exampleScope: (schema['x-example-scope'] as Record<string, unknown> | undefined) ?? {},
  };
}

export function functionInfos(set: SchemaSet): FunctionInfo[] {
  const out: FunctionInfo[] = [];
  for (const schema of set.functions) {
    const signatures = schema['x-signatures'] as Record<string, XFn> | undefined;
    for (const [name, fn] of Object.entries(signatures ?? {})) out.push(info(name, schema, fn, false, ''));
    const properties = (schema.properties ?? {}) as Record<string, { description?: string; 'x-fn'?: XFn }>;
    for (const [name, property] of Object.entries(properties)) {
      const fn = property['x-fn'];
      if (!fn) throw new Error(`${schema.$id}: ${name} has no x-fn signature`);
      out.push(info(name, schema, fn, true, property.description ?? ''));
    }
  }
  return out;
}

/** renderer/expr/functions/library.gen.ts: every library function, typed. */
export function libraryModule(set: SchemaSet): string {
  const fns = functionInfos(set).filter((f) => f.library);
  const groups = [...new Set(fns.map((f) => f.group))];
  return [
    "import type { Operator } from '../evaluate';",
    "import { typed } from './typed';",
    ...groups.map((g) => `import ${g} from './${g}';`),
    '',
    'export const LIBRARY: Record<string, Operator> = {',
    ...fns.map(
      (f) =>
        `  ${JSON.stringify(f.name)}: typed(${JSON.stringify(f.params.map((p) => p.spec))}, ${JSON.stringify(
          f.returns,
        )}, ${f.group}[${JSON.stringify(f.name)}]),`,
    ),
    '};',
    '',
  ].join('\n');
}

/** renderer/lang/functionNames.gen.ts: the library's names, for the first screen's code. */
export function functionNamesModule(set: SchemaSet): string {
  const names = functionInfos(set)
    .filter((f) => f.library)
    .map((f) => f.name);
  return [
    '/** The operators of the lazily loaded function library (renderer/expr/functions/). */',
    `export const LIBRARY_FUNCTIONS: ReadonlySet<string> = new Set(${JSON.stringify(names)});`,
    '',
  ].join('\n');
}

/** renderer/lang/engineVersion.gen.ts: the edition of the language the schemas describe. */
export function engineVersionModule(set: SchemaSet): string {
  const screen = set.all.find((s) => s.$id === 'screen.schema.json');
  const version = screen?.['x-engine-version'];
  if (typeof version !== 'string') throw new Error('screen.schema.json has no x-engine-version');
  return `/** The screen language edition this engine renders. */\nexport const ENGINE_VERSION = ${JSON.stringify(version)};\n`;
}

/** The signature as the docs and the studio show it: round(value: number, digits?: integer) → number. */
export function signatureText(f: FunctionInfo): string {
  const params = f.params.map(
    (p) => `${p.name}${p.rest ? '...' : ''}${p.optional ? '?' : ''}: ${p.types.join(' | ')}`,
  );
  return `${f.name}(${params.join(', ')}) → ${f.returns}`;
}
