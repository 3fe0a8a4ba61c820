// @vitest-environment node
// Every action schema's example is a valid action, and the rules the schemas promise hold.
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../src/schema-gen/validators';
import { loadSchemas } from '../../../../src/schema-gen/schemas';

const set = loadSchemas();
const ajv = createAjv(set, { source: false });
const validateAction = ajv.getSchema('action.schema.json')!;
const valid = (action: unknown) => validateAction(action) === true;

describe('action schemas', () => {
  it.each(set.actions.map((s) => [s.$id, s] as const))(
    '%s has a description and a valid example',
    (_id, s) => {
      expect(typeof s.description).toBe('string');
      const examples = s.examples as unknown[];
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        expect(valid(example), JSON.stringify(validateAction.errors)).toBe(true);
      }
    },
  );

  it('refuses unknown fields and unknown bridge names', () => {
    expect(valid({ do: 'bridge', name: 'goHome' })).toBe(true);
    expect(valid({ do: 'bridge', name: 'rm -rf' })).toBe(false);
    expect(valid({ do: 'back', fallback: '/x', extra: 1 })).toBe(false);
  });

  it('back falls back to app paths only', () => {
    expect(valid({ do: 'back', fallback: '/complaint' })).toBe(true);
    expect(valid({ do: 'back', fallback: '//evil.example.com' })).toBe(false);
    expect(valid({ do: 'back', fallback: 'https://evil.example.com' })).toBe(false);
  });

  it('storage requires what each operation needs', () => {
    expect(valid({ do: 'storage', scope: 'local', op: 'get', key: 'k', into: 'data.k' })).toBe(true);
    expect(valid({ do: 'storage', scope: 'local', op: 'get', key: 'k' })).toBe(false);
    expect(valid({ do: 'storage', scope: 'local', op: 'set', key: 'k' })).toBe(false);
    expect(valid({ do: 'storage', scope: 'local', op: 'clearPrefix' })).toBe(false);
    expect(valid({ do: 'storage', scope: 'local', op: 'clearPrefix', prefix: '' })).toBe(false);
    expect(valid({ do: 'storage', scope: 'local', op: 'clearPrefix', prefix: 'complaint.' })).toBe(true);
    expect(valid({ do: 'storage', scope: 'cookie', op: 'remove', key: 'k' })).toBe(false);
  });

  it('set writes only to state paths', () => {
    expect(valid({ do: 'set', path: 'ui.tab', value: 1 })).toBe(true);
    expect(valid({ do: 'set', path: 'params.tab', value: 1 })).toBe(false);
    expect(valid({ do: 'set', path: 'ui.__proto__.x', value: 1 })).toBe(false);
  });

  it('delay is at most a minute', () => {
    expect(valid({ do: 'delay', ms: 60000 })).toBe(true);
    expect(valid({ do: 'delay', ms: 60001 })).toBe(false);
  });

  it('nested action lists are checked too', () => {
    expect(valid({ do: 'if', cond: true, then: [{ do: 'stop' }] })).toBe(true);
    expect(valid({ do: 'if', cond: true, then: [{ do: 'teleport' }] })).toBe(false);
    expect(valid({ do: 'switch', on: 1, cases: [{ in: [1], then: [{ do: 'nope' }] }] })).toBe(false);
    expect(valid({ do: 'parallel', branches: [[{ do: 'stop' }], [{ do: 'toast', text: 'x' }]] })).toBe(true);
  });
});
