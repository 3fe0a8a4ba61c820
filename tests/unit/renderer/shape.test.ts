// The shape a source's reply must have (issue 20 §3): what fits, and what does not and says where.
import { describe, expect, it } from 'vitest';
import { shapeMismatch } from '../../../renderer/shape';

describe('shapeMismatch', () => {
  it.each([
    ['number|text', 313500],
    ['number|text', '₱3135.00'],
    ['text?', null],
    ['text?', undefined],
    ['any', 0],
    ['list', []],
    ['object', {}],
    ['boolean', false],
    [['object'], [{}, { a: 1 }]],
    [
      { repayAmount: 'number|text', 'detail?': 'list' },
      { repayAmount: 1, extra: 'x' },
    ],
    [
      { repayAmount: 'number|text', 'detail?': 'list' },
      { repayAmount: 1, detail: null },
    ],
    [{ delayInfo: { delayAmount: 'number' } }, { delayInfo: { delayAmount: 15000 } }],
    // Money (issue 29 §3): whole cents from 0, or a text that is not negative (D-06).
    ['amount', 0],
    ['amount', 313500],
    ['amount', '313500'],
    ['amount', '₱3135.00'],
    ['amount?', null],
  ])('%j fits %j', (shape, value) => {
    expect(shapeMismatch(value, shape as never)).toBeNull();
  });

  it.each([
    ['object', null, 'the data: not object'],
    ['object', [], 'the data: not object'],
    ['any', null, 'the data: not any'],
    ['number', Number.NaN, 'the data: not number'],
    ['number', '12', 'the data: not number'],
    ['list', {}, 'the data: not list'],
    [{ repayAmount: 'number|text' }, null, 'the data: not an object'],
    [{ repayAmount: 'number|text' }, [], 'the data: not an object'],
    [{ repayAmount: 'number|text' }, {}, 'repayAmount: not number or text'],
    [{ repayAmount: 'number|text' }, { repayAmount: { $: 'params' } }, 'repayAmount: not number or text'],
    [{ 'detail?': 'list' }, { detail: 'x' }, 'detail: not list'],
    [{ delayInfo: { delayAmount: 'number' } }, { delayInfo: {} }, 'delayInfo.delayAmount: not number'],
    [{ items: [{ code: 'text' }] }, { items: [{ code: 'a' }, { code: 1 }] }, 'items[1].code: not text'],
    ['amount', -5, 'the data: not amount'],
    ['amount', 12.5, 'the data: not amount'],
    ['amount', Number.POSITIVE_INFINITY, 'the data: not amount'],
    ['amount', '-5', 'the data: not amount'],
    ['amount', ' -₱0.05', 'the data: not amount'],
    ['amount', '', 'the data: not amount'],
    ['amount', null, 'the data: not amount'],
    [{ repayAmount: 'amount' }, { repayAmount: -5 }, 'repayAmount: not amount'],
  ])('%j refuses %j (%s)', (shape, value, where) => {
    expect(shapeMismatch(value, shape as never)).toBe(where);
  });

  it('reads own fields only, never the prototype', () => {
    expect(shapeMismatch({}, { 'toString?': 'text' })).toBeNull();
    expect(shapeMismatch({}, { toString: 'any' })).toBe('toString: not any');
  });
});
