// Precompiles the validators to standalone ESM code, so the browser bundle carries no schema
// compiler and nothing that needs 'unsafe-eval'.
import Ajv2020Module from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';

// CommonJS default exports seen from ESM: tsx hands us the module object, tsc the function.
const interop = <T>(m: T): T => (m as { default?: T }).default ?? m;
const Ajv2020 = interop(Ajv2020Module);
const standaloneCode = interop(standaloneModule);
import type { SchemaSet } from './schemas';

export function createAjv(set: SchemaSet, options: { source: boolean }) {
  const ajv = new Ajv2020({
    allErrors: true,
    discriminator: true,
    strict: true,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    code: { source: options.source, esm: true, lines: false },
  });
  ajv.addKeyword({ keyword: 'x-lazy', schemaType: 'boolean' });
  for (const schema of set.all) ajv.addSchema(schema);
  return ajv;
}

export function standaloneValidators(set: SchemaSet): string {
  const ajv = createAjv(set, { source: true });
  const exports: Record<string, string> = { validateScreen: 'screen.schema.json' };
  if (set.all.some((s) => s.$id === 'manifest.schema.json'))
    exports.validateManifest = 'manifest.schema.json';
  return standaloneCode(ajv, exports);
}
