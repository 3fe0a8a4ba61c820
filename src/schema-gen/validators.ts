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
    // Without inlineRefs every block schema is one function called from each place that refers
    // to it, instead of a copy per place: the generated module shrinks by an order of magnitude.
    inlineRefs: false,
    // Messages are written by renderer/validate/messages.ts from keyword and params.
    messages: false,
    code: { source: options.source, esm: true, lines: false, optimize: true },
  });
  ajv.addKeyword({ keyword: 'x-lazy', schemaType: 'boolean' });
  // Function signatures (schemas/functions/): read by the generator, not by validation.
  ajv.addKeyword({ keyword: 'x-fn', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'x-signatures', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'x-example-scope', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'x-engine-version', schemaType: 'string' });
  // The source language's markers (schemas.ts served()): only the part checker's set has them.
  ajv.addKeyword({ keyword: 'x-source', schemaType: 'boolean' });
  ajv.addKeyword({ keyword: 'x-served-required', schemaType: 'array' });
  // The studio's hints (issue 25): a block's or action's starting value and palette group, a
  // field's control (a colour, a picture) and the list its value is chosen from.
  ajv.addKeyword({ keyword: 'x-scaffold', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'x-group', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-input', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-choices', schemaType: 'string' });
  for (const schema of set.all) ajv.addSchema(stripAnnotations(schema) as typeof schema);
  return ajv;
}

// Annotations do not change what is valid, but AJV embeds the schema objects in the generated
// code; without them the module the phone downloads is far smaller.
const ANNOTATIONS = new Set([
  'description',
  'examples',
  'title',
  '$comment',
  'default',
  'x-fn',
  'x-signatures',
  'x-example-scope',
  'x-engine-version',
  'x-source',
  'x-served-required',
  'x-scaffold',
  'x-group',
  'x-input',
  'x-choices',
]);

function stripAnnotations(node: unknown, key = ''): unknown {
  if (Array.isArray(node)) return node.map((n) => stripAnnotations(n));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    // Inside `properties`, a field may itself be called "description" or "title".
    if (key !== 'properties' && ANNOTATIONS.has(k)) continue;
    out[k] = stripAnnotations(v, k);
  }
  return out;
}

// AJV's standalone ESM output still require()s two runtime helpers (minLength/maxLength, and
// uniqueItems/enum/const on objects); an ES module in the browser has no require, so they are inlined.
const RUNTIME: Record<string, string> = {
  'require("ajv/dist/runtime/ucs2length").default': 'ucs2length',
  'require("ajv/dist/runtime/equal").default': 'deepEqual',
};
const RUNTIME_CODE = `
function ucs2length(str) { let n = 0; for (const _ of str) n++; return n; }
function deepEqual(a, b) {
  if (a === b) return true;
  if (a && b && typeof a == "object" && typeof b == "object") {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
      return true;
    }
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const k of keys) if (!Object.prototype.hasOwnProperty.call(b, k) || !deepEqual(a[k], b[k])) return false;
    return true;
  }
  return a !== a && b !== b;
}
`;

function standaloneOf(set: SchemaSet, exports: Record<string, string>): string {
  const ajv = createAjv(set, { source: true });
  let code = standaloneCode(ajv, exports);
  for (const [call, name] of Object.entries(RUNTIME)) code = code.split(call).join(name);
  if (code.includes('require(')) throw new Error('standalone validators still call require()');
  return code + RUNTIME_CODE;
}

export function standaloneValidators(set: SchemaSet): string {
  const exports: Record<string, string> = { validateScreen: 'screen.schema.json' };
  if (set.all.some((s) => s.$id === 'manifest.schema.json'))
    exports.validateManifest = 'manifest.schema.json';
  return standaloneOf(set, exports);
}

/**
 * The part checker's validators (src/parts/): a part document, and the pieces of the source
 * language a screen may carry (a part used as a block or an action, a variant's changes, declared
 * parameters). What they hold (blocks, values) is checked once expanded, by the screen's own.
 */
export function partValidators(source: SchemaSet): string {
  return standaloneOf(source, {
    validatePart: 'part.schema.json',
    validateUseBlock: 'part.schema.json#/$defs/useBlock',
    validateUseAction: 'part.schema.json#/$defs/useAction',
    validateChange: 'part.schema.json#/$defs/change',
    validateParameters: 'part.schema.json#/$defs/parameters',
    validateVariantOf: 'part.schema.json#/$defs/variantOf',
    validateArguments: 'part.schema.json#/$defs/arguments',
  });
}
