import { describe, expect, it } from 'vitest';
import {
  compareNumbers,
  isMissing,
  isTruthy,
  looseEquals,
  toNumber,
  toText,
} from '../../../../renderer/expr/values';

describe('truthiness', () => {
  it.each([
    [undefined, false],
    [null, false],
    [false, false],
    [0, false],
    [Number.NaN, false],
    ['', false],
    [[], false],
    [true, true],
    [1, true],
    [-1, true],
    ['0', true],
    ['false', true],
    [[0], true],
    [{}, true],
  ])('%j is %s', (value, expected) => {
    expect(isTruthy(value)).toBe(expected);
  });

  it('missing means undefined, null or empty text only', () => {
    expect([undefined, null, ''].every(isMissing)).toBe(true);
    expect([0, false, [], '0', ' '].some(isMissing)).toBe(false);
  });
});

describe('looseEquals', () => {
  it.each([
    ['1', 1, true],
    [1, '1', true],
    ['174', 174, true],
    ['1.0', 1, true],
    [' 1 ', 1, true],
    ['2', 1, false],
    ['abc', 'abc', true],
    ['abc', 'ABC', false],
    [true, 'true', true],
    [true, 1, false],
    ['', 0, false],
    [' ', 0, false],
    [null, undefined, true],
    [undefined, null, true],
    [null, null, true],
    [null, 0, false],
    [null, '', false],
    [0, null, false],
    [undefined, 'undefined', false],
    [null, 'null', false],
  ])('%j == %j is %s', (a, b, expected) => {
    expect(looseEquals(a, b)).toBe(expected);
  });

  it('compares objects and lists by identity, never as text', () => {
    const list = [1];
    expect(looseEquals(list, list)).toBe(true);
    expect(looseEquals([1], [1])).toBe(false);
    expect(looseEquals([1], '1')).toBe(false);
    expect(looseEquals({}, '[object Object]')).toBe(false);
  });
});

describe('numbers and text', () => {
  it('compares only numbers and numeric text', () => {
    const lt = (x: number, y: number) => x < y;
    expect(compareNumbers('9', '10', lt)).toBe(true);
    expect(compareNumbers('a', 'b', lt)).toBe(false);
    expect(compareNumbers(null, 1, lt)).toBe(false);
    expect(compareNumbers('', 1, lt)).toBe(false);
    expect(compareNumbers(Number.POSITIVE_INFINITY, 1, (x, y) => x > y)).toBe(false);
  });

  it('toNumber reads numeric text and gives 0 for the rest', () => {
    expect(toNumber('12.5')).toBe(12.5);
    expect(toNumber(7)).toBe(7);
    expect(toNumber('x')).toBe(0);
    expect(toNumber(null)).toBe(0);
    expect(toNumber(true)).toBe(0);
    expect(toNumber(Number.NaN)).toBe(0);
  });

  it('toText writes values for display', () => {
    expect(toText(undefined)).toBe('');
    expect(toText(null)).toBe('');
    expect(toText('a')).toBe('a');
    expect(toText(0)).toBe('0');
    expect(toText(false)).toBe('false');
    expect(toText({ a: [1] })).toBe('{"a":[1]}');
    const loop: Record<string, unknown> = {};
    loop.loop = loop;
    expect(toText(loop)).toBe('');
    expect(toText(10n)).toBe('');
  });
});
