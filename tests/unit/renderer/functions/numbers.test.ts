// Numbers: division by zero, rounding as written, and no NaN or Infinity whatever comes in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call } from './helpers';

describe('arithmetic', () => {
  it('division and remainder by zero are missing, never Infinity or NaN', () => {
    expect(call({ '/': [1, 0] })).toBeUndefined();
    expect(call({ '/': [0, 0] })).toBeUndefined();
    expect(call({ '/': [1, '0'] })).toBeUndefined();
    expect(call({ '%': [7, 0] })).toBeUndefined();
    expect(call({ '??': [{ '/': [5, 0] }, 'n/a'] })).toBe('n/a');
  });

  it('reads numeric text as numbers and anything else as missing', () => {
    expect(call({ '*': ['2.5', 4] })).toBe(10);
    expect(call({ '/': [{ $: 'data.x' }, 2] }, { data: { x: ' 9 ' } })).toBe(4.5);
    expect(call({ '*': [true, 2] })).toBeUndefined();
    expect(call({ '*': [null, 2] })).toBeUndefined();
    expect(call({ '*': [{ $: 'data.missing' }, 2] }, { data: {} })).toBeUndefined();
    expect(call({ '*': [[1], 2] })).toBeUndefined();
  });

  it('overflow is missing, not Infinity', () => {
    expect(call({ '*': [1e308, 10] })).toBeUndefined();
  });

  it('rounds halves away from zero, as the decimal is written', () => {
    expect(call({ round: [0.5] })).toBe(1);
    expect(call({ round: [-0.5] })).toBe(-1);
    expect(call({ round: [1.005, 2] })).toBe(1.01);
    expect(call({ round: [8.345, 2] })).toBe(8.35);
    expect(call({ round: [1e-7, 2] })).toBe(0);
    expect(call({ round: [123.456, -1] })).toBe(120);
    expect(call({ round: [2.5, 99] })).toBe(2.5);
    expect(call({ floor: [-0.1] })).toBe(-1);
    expect(Object.is(call({ ceil: [-0.1] }), 0)).toBe(true); // never "-0" on screen
    expect(call({ ceil: [1.001, 2] })).toBe(1.01);
    // An optional argument with no value counts as not given.
    expect(call({ round: [2.6, { $: 'data.none' }] }, { data: {} })).toBe(3);
    expect(call({ round: [2.6, 'two'] })).toBeUndefined();
  });

  it('min and max of nothing are missing; lists give their numbers', () => {
    expect(call({ min: [[]] })).toBeUndefined();
    expect(call({ max: [{ $: 'data.none' }] }, { data: {} })).toBeUndefined();
    expect(call({ min: [['a', null, '3', 2]] })).toBe(2);
    expect(call({ max: [1, [5, '7'], 6] })).toBe(7);
    expect(call({ clamp: [-5, 0, 10] })).toBe(0);
    expect(call({ abs: ['-4'] })).toBe(4);
    expect(call({ toNumber: [''] })).toBeUndefined();
  });

  const anyValue = fc.oneof(
    fc.double(),
    fc.integer(),
    fc.string(),
    fc.constantFrom(null, true, false, '', '0', ' 12 ', 'NaN', 'Infinity', '1e400', '-0'),
    fc.array(fc.oneof(fc.double(), fc.string()), { maxLength: 4 }),
  );

  it('no number function ever gives NaN or Infinity, or throws (property)', () => {
    const ops = ['*', '/', '%', 'round', 'floor', 'ceil', 'abs', 'min', 'max', 'clamp', 'toNumber'];
    fc.assert(
      fc.property(fc.constantFrom(...ops), fc.array(anyValue, { minLength: 1, maxLength: 3 }), (op, args) => {
        const result = call({ [op]: args });
        if (typeof result === 'number') expect(Number.isFinite(result)).toBe(true);
        else expect(result).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('round(x, d) is within half a unit of x (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 6 }), (x, d) => {
        const r = call({ round: [x, d] }) as number;
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5 * 10 ** -d + 1e-9 * Math.max(1, Math.abs(x)));
      }),
    );
  });
});
