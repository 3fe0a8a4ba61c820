// @vitest-environment node
// Every example in the function docs (schemas/functions/*.schema.json, x-fn examples, printed in
// docs/screen-language.md) is evaluated here with the documented clock: the docs cannot drift
// from what the engine does.
import { describe, expect, it } from 'vitest';
import { evaluate, registerOperators } from '../../../../renderer/expr/evaluate';
import { LIBRARY } from '../../../../renderer/expr/functions/library.gen';
import { functionInfos } from '../../../../src/schema-gen/functions';
import { loadSchemas } from '../../../../src/schema-gen/schemas';

registerOperators(LIBRARY);

/** now() in the examples: 2025-02-28T23:30:00+08:00. */
export const EXAMPLE_NOW = Date.parse('2025-02-28T15:30:00Z');

const fns = functionInfos(loadSchemas());
const library = fns.filter((f) => f.library);

describe('the function library', () => {
  it('implements exactly the functions the schemas declare, each with examples', () => {
    expect(Object.keys(LIBRARY).sort()).toEqual(library.map((f) => f.name).sort());
    for (const f of library) expect(f.examples.length, f.name).toBeGreaterThan(0);
  });

  describe.each(library.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    it.each(f.examples.map(([expr, result]) => [JSON.stringify(expr), expr, result]))(
      '%s',
      (_label, expr, expected) => {
        const value = evaluate(expr, { scope: f.exampleScope, format: () => '', now: () => EXAMPLE_NOW });
        expect(value ?? null).toEqual(expected);
      },
    );
  });
});
