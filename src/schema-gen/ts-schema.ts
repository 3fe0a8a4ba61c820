// Folds the schema files into one self-contained schema for json-schema-to-typescript:
// every cross-file $ref becomes a local #/$defs pointer, and $ref-with-siblings becomes allOf
// (json-schema-to-typescript reads $ref the draft-07 way and would drop the siblings).
import { discriminatorOf, type Schema, type SchemaSet } from './schemas';

const pascal = (s: string) => s.replace(/(^|[-_ ./])([a-z0-9])/gi, (_m, _p, c: string) => c.toUpperCase());

function defName(id: string): string {
  return pascal(id.replace(/\.schema\.json$/, ''));
}

function resolveId(ref: string, baseId: string): { id: string; fragment: string } {
  const [file, fragment = ''] = ref.split('#');
  if (!file) return { id: baseId, fragment };
  const url = new URL(file, `http://schemas.local/${baseId}`);
  return { id: url.pathname.slice(1), fragment };
}

function rewrite(node: unknown, baseId: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, baseId));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (
      k === '$id' ||
      k === '$schema' ||
      k === 'examples' ||
      k === 'discriminator' ||
      k === 'unevaluatedProperties' ||
      k === 'x-fn' ||
      k === 'x-signatures' ||
      k === 'x-example-scope' ||
      k === 'x-engine-version' ||
      k === 'x-scaffold'
    )
      continue;
    out[k] = k === '$ref' ? v : rewrite(v, baseId);
  }
  if (typeof out.$ref === 'string') {
    const { id, fragment } = resolveId(out.$ref, baseId);
    const local = `#/$defs/${defName(id)}${fragment}`;
    delete out.$ref;
    if (Object.keys(out).length === 0) return { $ref: local };
    const allOf = Array.isArray(out.allOf) ? out.allOf : [];
    return { ...out, allOf: [{ $ref: local }, ...allOf] };
  }
  return out;
}

/**
 * The expression operator takes the function groups in with allOf (schemas/functions/); the
 * generator cannot intersect a recursive type, so for the types their fields are merged in.
 */
function withFunctionsInline(node: unknown, set: SchemaSet): unknown {
  if (Array.isArray(node)) return node.map((n) => withFunctionsInline(n, set));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = withFunctionsInline(v, set);
  if (!Array.isArray(out.allOf)) return out;
  const groups = out.allOf.map((part) => {
    const ref = (part as { $ref?: unknown }).$ref;
    return typeof ref === 'string' ? set.functions.find((f) => ref.endsWith(f.$id)) : undefined;
  });
  if (groups.some((g) => !g)) return out;
  const properties = { ...(out.properties as object) };
  for (const g of groups) Object.assign(properties, g!.properties as object);
  delete out.allOf;
  return { ...out, properties };
}

export function typescriptSchema(set: SchemaSet): Record<string, unknown> {
  const titles = new Map<string, string>();
  for (const b of set.blocks) titles.set(b.$id, `${pascal(discriminatorOf(b, 'type'))}Block`);
  for (const a of set.actions) titles.set(a.$id, `${pascal(discriminatorOf(a, 'do'))}Action`);
  const defs: Record<string, unknown> = {};
  let root: Record<string, unknown> = {};
  for (const schema of set.all as Schema[]) {
    if (set.functions.includes(schema)) continue;
    const folded = rewrite(withFunctionsInline(schema, set), schema.$id) as Record<string, unknown>;
    folded.title = titles.get(schema.$id) ?? schema.title;
    if (schema.$id === 'screen.schema.json') root = folded;
    else defs[defName(schema.$id)] = folded;
  }
  untypeActionBaseActions(defs.Common);
  return { ...root, title: 'ScreenDocument', $defs: { ...(root.$defs as object), ...defs } };
}

/**
 * An action list on the action base (`otherwise`) makes every action type refer to itself through
 * an intersection, which json-schema-to-typescript cannot emit: there it is typed as a plain list
 * (the runner reads it as unknown anyway).
 */
function untypeActionBaseActions(common: unknown): void {
  const base = (
    common as { $defs?: { actionBase?: { properties?: Record<string, Record<string, unknown>> } } }
  )?.$defs?.actionBase?.properties;
  for (const [name, field] of Object.entries(base ?? {})) {
    const refs = JSON.stringify(field);
    if (refs.includes('"#/$defs/Common/$defs/actions"'))
      base![name] = { type: 'array', items: {}, description: field.description };
  }
}
