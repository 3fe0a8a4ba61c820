// The part document's schema as json-schema-to-typescript wants it: part.schema.json on its own
// (it refers to no other file), its $defs named so the generated types read well. The "exactly one
// of" rules (a part's body, a change's operation) are the validator's business; as types they
// would be intersections nobody can read, so here the fields are simply optional.
import type { SchemaSet } from './schemas';

type Node = Record<string, unknown>;

export function partTypesSchema(source: SchemaSet): Node {
  const part = source.all.find((s) => s.$id === 'part.schema.json');
  if (!part) throw new Error('schemas/part.schema.json is missing');
  // A deep copy: the set's schemas are also compiled into validators, which know no tsType.
  const copy = JSON.parse(JSON.stringify(part)) as Node;
  const { $id: _id, $schema: _schema, 'x-source': _source, oneOf: _oneOf, ...rest } = copy;
  const defs = rest.$defs as Record<string, Node>;
  const titled = Object.fromEntries(
    Object.entries(defs).map(([name, def]) => {
      const { oneOf: _one, ...plain } = def;
      return [name, { ...plain, title: name.charAt(0).toUpperCase() + name.slice(1) }];
    }),
  );
  const parameter = titled.parameter as unknown as { properties: Record<string, Node> };
  parameter.properties.default = { ...parameter.properties.default, tsType: 'unknown' };
  const properties = rest.properties as Record<string, Node>;
  for (const name of ['blocks', 'actions'])
    properties[name] = { ...properties[name], tsType: 'Record<string, unknown>[]' };
  properties.screen = { ...properties.screen, tsType: 'Record<string, unknown>' };
  return { ...rest, title: 'PartDocument', $defs: titled };
}
