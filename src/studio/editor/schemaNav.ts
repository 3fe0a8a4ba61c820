// Walks the screen-language schemas (schemas/*.json, JSON Schema 2020-12) along a path of a
// document, choosing the block or action by its "type"/"do" as the validator does, so the editor
// can say which fields, values and descriptions apply where the cursor is. Only what completion
// and hover need: $ref (relative to each file's $id), allOf, oneOf/anyOf, properties, items.

export type Schema = Record<string, unknown>;

export interface Ctx {
  schema: Schema;
  /** The $id its $refs are relative to. */
  base: string;
}

export interface FieldHelp {
  name: string;
  description: string;
  /** What the value looks like, for the text inserted on completion. */
  shape: 'string' | 'array' | 'object' | 'boolean' | 'number' | 'any';
}

export interface Option {
  /** The JSON value to insert. */
  value: unknown;
  title?: string;
  description?: string;
  /** A realistic example (block and action schemas carry one). */
  example?: unknown;
}

/** A discriminated union whose member is not chosen yet (no or unknown "type"). */
export interface OpenUnion {
  property: string;
  options: Option[];
}

export interface Resolved {
  ctxs: Ctx[];
  unions: OpenUnion[];
}

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function resolveId(ref: string, base: string): { id: string; fragment: string } {
  const [file = '', fragment = ''] = ref.split('#');
  if (!file) return { id: base, fragment };
  return { id: new URL(file, `http://schemas.local/${base}`).pathname.slice(1), fragment };
}

export function createSchemaNav(schemas: readonly Schema[], rootId = 'screen.schema.json') {
  const byId = new Map<string, Schema>();
  for (const s of schemas) if (typeof s.$id === 'string') byId.set(s.$id, s);

  function deref(ref: string, base: string): Ctx | null {
    const { id, fragment } = resolveId(ref, base);
    let node: unknown = byId.get(id);
    for (const part of fragment.split('/').filter(Boolean))
      node = isSchema(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return isSchema(node) ? { schema: node, base: id } : null;
  }

  /** The schema of a branch with its $ref/allOf bases merged in view (for "type" consts and titles). */
  function flat(ctx: Ctx, seen = new Set<Schema>()): Ctx[] {
    if (seen.has(ctx.schema)) return [];
    seen.add(ctx.schema);
    const out = [ctx];
    const ref = str(ctx.schema.$ref);
    if (ref) {
      const target = deref(ref, ctx.base);
      if (target) out.push(...flat(target, seen));
    }
    for (const part of Array.isArray(ctx.schema.allOf) ? ctx.schema.allOf : [])
      if (isSchema(part)) out.push(...flat({ schema: part, base: ctx.base }, seen));
    return out;
  }

  function constOf(ctxs: Ctx[], property: string): unknown {
    for (const c of ctxs) {
      const p = (c.schema.properties as Record<string, unknown> | undefined)?.[property];
      if (isSchema(p) && 'const' in p) return p.const;
    }
    return undefined;
  }

  function typesOf(ctxs: Ctx[]): Set<string> {
    const types = new Set<string>();
    for (const { schema } of ctxs) {
      const t = schema.type;
      if (typeof t === 'string') types.add(t);
      else if (Array.isArray(t)) t.forEach((x) => typeof x === 'string' && types.add(x));
      if (schema.properties || schema.additionalProperties || schema.discriminator) types.add('object');
      if (schema.items || schema.prefixItems) types.add('array');
    }
    return types;
  }

  function fits(ctxs: Ctx[], value: unknown): boolean {
    if (value === undefined) return true;
    const types = typesOf(ctxs);
    if (types.size === 0) return true;
    const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    return types.has(kind) || (kind === 'number' && types.has('integer'));
  }

  /** Every schema that applies to `value` at this place, plus unions still waiting for a "type". */
  function expand(ctx: Ctx, value: unknown, out: Resolved, seen = new Set<Schema>()): void {
    if (seen.has(ctx.schema)) return;
    seen.add(ctx.schema);
    out.ctxs.push(ctx);
    const ref = str(ctx.schema.$ref);
    if (ref) {
      const target = deref(ref, ctx.base);
      if (target) expand(target, value, out, seen);
    }
    for (const part of Array.isArray(ctx.schema.allOf) ? ctx.schema.allOf : [])
      if (isSchema(part)) expand({ schema: part, base: ctx.base }, value, out, seen);
    const branches = [
      ...(Array.isArray(ctx.schema.oneOf) ? ctx.schema.oneOf : []),
      ...(Array.isArray(ctx.schema.anyOf) ? ctx.schema.anyOf : []),
    ]
      .filter(isSchema)
      .map((b) => ({ schema: b, base: ctx.base }));
    if (branches.length === 0) return;
    const property = str(
      isSchema(ctx.schema.discriminator) ? ctx.schema.discriminator.propertyName : undefined,
    );
    if (property) {
      const tag = isSchema(value) ? value[property] : undefined;
      const chosen = branches.find((b) => constOf(flat(b), property) === tag);
      if (chosen && tag !== undefined) expand(chosen, value, out, seen);
      else out.unions.push({ property, options: branches.map((b) => optionOf(flat(b), property)) });
      return;
    }
    for (const b of branches) if (fits(flat(b), value)) expand(b, value, out, seen);
  }

  function optionOf(ctxs: Ctx[], property: string): Option {
    // A branch is usually {"$ref": "blocks/x.schema.json"}: the words are on the file it names.
    const named = ctxs.find((c) => typeof c.schema.title === 'string')?.schema ?? {};
    const examples = ctxs.map((c) => c.schema.examples).find(Array.isArray) ?? [];
    return {
      value: constOf(ctxs, property),
      title: str(named.title),
      description: str(named.description),
      example: examples[0],
    };
  }

  function resolve(path: readonly (string | number)[], doc: unknown): Resolved {
    if (!byId.has(rootId)) return { ctxs: [], unions: [] };
    let value = doc;
    let current = start(value);
    for (const key of path) {
      value = isSchema(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
      current = step(current, key, value);
    }
    return current;
  }

  function childCtxs(ctxs: Ctx[], key: string | number): Ctx[] {
    const out: Ctx[] = [];
    for (const { schema, base } of ctxs) {
      if (typeof key === 'number') {
        const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems[key] : undefined;
        if (isSchema(prefix)) out.push({ schema: prefix, base });
        else if (isSchema(schema.items)) out.push({ schema: schema.items, base });
        continue;
      }
      const props = schema.properties as Record<string, unknown> | undefined;
      const own = props && Object.prototype.hasOwnProperty.call(props, key) ? props[key] : undefined;
      if (isSchema(own)) out.push({ schema: own, base });
      else if (isSchema(schema.additionalProperties)) out.push({ schema: schema.additionalProperties, base });
    }
    return out;
  }

  function shapeOf(ctxs: Ctx[]): FieldHelp['shape'] {
    const types = [...typesOf(ctxs)].filter((t) => t !== 'null');
    if (ctxs.some((c) => Array.isArray(c.schema.enum) || 'const' in c.schema)) {
      const values = ctxs.flatMap((c) =>
        Array.isArray(c.schema.enum) ? c.schema.enum : 'const' in c.schema ? [c.schema.const] : [],
      );
      if (values.every((v) => typeof v === 'string')) return 'string';
    }
    if (types.length !== 1) return 'any';
    const [t] = types;
    return t === 'integer' ? 'number' : (t as FieldHelp['shape']);
  }

  /** The first description along the chain: the referring site's own wording wins. */
  function describe(ctxs: Ctx[]): string {
    for (const c of ctxs) if (typeof c.schema.description === 'string') return c.schema.description;
    return '';
  }

  /**
   * What of a value the expansion looks at: its JSON type, and the tags a discriminated union
   * chooses by. Steps are remembered by it (the visual tools walk whole documents on each change).
   */
  const shapeKey = (value: unknown): string => {
    if (value === undefined) return 'u';
    if (value === null) return 'n';
    if (Array.isArray(value)) return 'a';
    if (typeof value !== 'object') return typeof value;
    const v = value as Record<string, unknown>;
    return `o${JSON.stringify([v.type, v.do])}`;
  };
  const starts = new Map<string, Resolved>();
  const steps = new WeakMap<Resolved, Map<string, Resolved>>();

  /** Where a walk of a document starts: the root schema, for the document's value. */
  function start(doc: unknown): Resolved {
    const key = shapeKey(doc);
    const known = starts.get(key);
    if (known) return known;
    const root = byId.get(rootId);
    const out: Resolved = { ctxs: [], unions: [] };
    if (root) expand({ schema: root, base: rootId }, doc, out);
    starts.set(key, out);
    return out;
  }

  /** One step of a walk: the schemas of `here`'s child `key`, whose value is `value`. */
  function step(here: Resolved, key: string | number, value: unknown): Resolved {
    let memo = steps.get(here);
    if (!memo) steps.set(here, (memo = new Map()));
    const k = `${typeof key === 'number' ? '#' : ''}${key} ${shapeKey(value)}`;
    const known = memo.get(k);
    if (known) return known;
    const next: Resolved = { ctxs: [], unions: [] };
    for (const child of childCtxs(here.ctxs, key)) expand(child, value, next);
    memo.set(k, next);
    return next;
  }

  return {
    resolve,
    start,
    step,
    /** The schema a $ref names (relative to `base`), to recognise a definition by identity. */
    def(ref: string, base = rootId): Schema | undefined {
      return deref(ref, base)?.schema;
    },
    /** Every schema by $id. */
    byId: byId as ReadonlyMap<string, Schema>,

    /** The fields an object at `path` may have, with their descriptions. */
    fields(path: readonly (string | number)[], doc: unknown): FieldHelp[] {
      const here = resolve(path, doc);
      const names = new Set<string>();
      for (const { schema } of here.ctxs)
        if (isSchema(schema.properties)) Object.keys(schema.properties).forEach((n) => names.add(n));
      return [...names].map((name) => {
        const child: Resolved = { ctxs: [], unions: [] };
        for (const c of childCtxs(here.ctxs, name)) expand(c, undefined, child);
        return { name, description: describe(child.ctxs), shape: shapeOf(child.ctxs) };
      });
    },

    /** The values that fit at `path`: enum/const values, true/false, or a union's types. */
    values(path: readonly (string | number)[], doc: unknown): Option[] {
      const parentPath = path.slice(0, -1);
      const key = path[path.length - 1];
      const out: Option[] = [];
      if (typeof key === 'string')
        for (const u of resolve(parentPath, doc).unions) if (u.property === key) out.push(...u.options);
      const here = resolve(path, doc);
      for (const { schema } of here.ctxs) {
        if (Array.isArray(schema.enum)) schema.enum.forEach((v) => out.push({ value: v }));
        if ('const' in schema && !out.some((o) => o.value === schema.const))
          out.push({ value: schema.const });
        if (schema.type === 'boolean') out.push({ value: true }, { value: false });
      }
      const seen = new Set<string>();
      return out.filter((o) => {
        const k = JSON.stringify(o.value);
        if (o.value === undefined || seen.has(k)) return false;
        seen.add(k);
        return true;
      });
    },

    /** The items an array at `path` takes, when they are blocks or actions: their types with examples. */
    items(path: readonly (string | number)[], doc: unknown): OpenUnion | null {
      const here = resolve(path, doc);
      const item: Resolved = { ctxs: [], unions: [] };
      for (const c of childCtxs(here.ctxs, 0)) expand(c, {}, item);
      return item.unions[0] ?? null;
    },

    /** Help for the field `path` ends with. */
    help(path: readonly (string | number)[], doc: unknown): string {
      return describe(resolve(path, doc).ctxs);
    },
  };
}

export type SchemaNav = ReturnType<typeof createSchemaNav>;
