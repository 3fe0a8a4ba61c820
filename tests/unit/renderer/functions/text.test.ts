// Text functions: what comes in is read as text (the coercion point), lengths are bounded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call } from './helpers';

describe('text functions', () => {
  it('read missing as empty text and numbers as written', () => {
    expect(call({ upper: [{ $: 'data.none' }] }, { data: {} })).toBe('');
    expect(call({ lower: [12.5] })).toBe('12.5');
    expect(call({ trim: [true] })).toBe('true');
    expect(call({ padStart: [5, 3, '0'] })).toBe('005');
    expect(call({ padStart: ['12345', 3, '0'] })).toBe('12345');
    expect(call({ padEnd: ['a', 3] })).toBe('a  ');
    expect(call({ padStart: ['a', 3, ''] })).toBe('a');
    expect(call({ padStart: ['a', -3] })).toBe('a');
    expect(call({ padStart: ['a', 'x'] })).toBeUndefined();
  });

  it('replace is literal (no pattern) and everywhere', () => {
    expect(call({ replace: ['a.b.c', '.', '-'] })).toBe('a-b-c');
    expect(call({ replace: ['(x)', '(', '['] })).toBe('[x)');
    expect(call({ replace: ['abc', '', 'z'] })).toBe('abc');
    expect(call({ contains: ['', ''] })).toBe(true);
    expect(call({ contains: [null, 'a'] })).toBe(false);
  });

  it('lengths stay bounded: padding at most 1000, replacing at most 100 000 characters', () => {
    expect((call({ padStart: ['', 10 ** 9, 'ab'] }) as string).length).toBe(1000);
    const long = 'x'.repeat(5000);
    expect(call({ replace: [long, 'x', 'y'.repeat(100)] })).toBeUndefined();
  });

  it('always give text, never throw (property)', () => {
    const ops = ['upper', 'lower', 'trim', 'padStart', 'padEnd', 'replace', 'contains'];
    fc.assert(
      fc.property(
        fc.constantFrom(...ops),
        fc.array(fc.oneof(fc.string(), fc.integer({ min: -5, max: 2000 }), fc.constant(null)), {
          minLength: 1,
          maxLength: 3,
        }),
        (op, args) => {
          const result = call({ [op]: args });
          expect(['string', 'boolean', 'undefined']).toContain(typeof result);
        },
      ),
      { numRuns: 300 },
    );
  });
});
