// The list and object operators that let a document handle a server-driven form: filter the
// visible items, pick their values by code, merge in fixed fields, start values by code, and
// read a field sent either as a list or as comma-joined text.
import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBody } from '../../../../renderer/expr/evaluate';

const items = [
  { code: 'cardType', cardTypeMi: 0, value: '1' },
  { code: 'bankAccount', cardTypeMi: 1, value: '' },
  { code: 'walletPhone', cardTypeMi: 2, value: '0917' },
];
const scope = {
  data: { items, csv: ' a.png, ,b.png,', list: ['x.png'], none: null },
  form: { fields: { cardType: '2', bankAccount: '123', walletPhone: '09171234567', stray: 'x' } },
  ui: { type: 2 },
  item: { code: 'outer' },
};
const ev = (expr: unknown) => evaluate(expr, { scope, format: () => '' });

describe('filter', () => {
  it('keeps the items whose condition is truthy, reading each as item (and its index)', () => {
    const visible = {
      or: [{ '==': [{ $: 'item.cardTypeMi' }, 0] }, { '==': [{ $: 'item.cardTypeMi' }, { $: 'ui.type' }] }],
    };
    expect(ev({ filter: [{ $: 'data.items' }, visible] })).toEqual([items[0], items[2]]);
    expect(ev({ filter: [{ $: 'data.items' }, { '>': [{ $: 'index' }, 0] }] })).toEqual([items[1], items[2]]);
  });

  it('can name the item, and leaves the outer item untouched', () => {
    expect(ev({ filter: [{ $: 'data.items' }, { '==': [{ $: 'row.code' }, 'cardType'] }, 'row'] })).toEqual([
      items[0],
    ]);
    expect(
      ev({ filter: [{ $: 'data.items' }, { '==': [{ $: 'item.code' }, 'outer'] }, 'row'] }),
    ).toHaveLength(3);
  });

  it('gives an empty list for anything that is not a list', () => {
    expect(ev({ filter: [{ $: 'data.none' }, true] })).toEqual([]);
    expect(ev({ filter: [{ $: 'data.csv' }, true] })).toEqual([]);
  });
});

describe('pick', () => {
  it('copies only the named fields, by plain names or by a field of each key item', () => {
    expect(ev({ pick: [{ $: 'form.fields' }, ['cardType', 'walletPhone']] })).toEqual({
      cardType: '2',
      walletPhone: '09171234567',
    });
    expect(ev({ pick: [{ $: 'form.fields' }, { $: 'data.items' }, 'code'] })).toEqual({
      cardType: '2',
      bankAccount: '123',
      walletPhone: '09171234567',
    });
  });

  it('leaves out names the object lacks and never reaches the prototype', () => {
    expect(ev({ pick: [{ $: 'form.fields' }, ['missing', 'toString', '__proto__', 'constructor']] })).toEqual(
      {},
    );
    expect(ev({ pick: [{ $: 'data.none' }, ['a']] })).toEqual({});
    expect(ev({ pick: [{ $: 'form.fields' }, { $: 'data.none' }] })).toEqual({});
  });
});

describe('merge', () => {
  it('joins objects, later fields winning, skipping what is not an object', () => {
    expect(ev({ merge: [{ obj: { a: 1, b: 1 } }, null, 'x', [1], { obj: { b: 2 } }] })).toEqual({
      a: 1,
      b: 2,
    });
  });

  it('does not let a __proto__ field change prototypes', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}') as unknown;
    const out = evaluate({ merge: [{ $: 'data.h' }] }, { scope: { data: { h: hostile } }, format: () => '' });
    expect(out).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('toObject', () => {
  it('builds an object keyed by one field of each item, valued by another (or the item)', () => {
    expect(ev({ toObject: [{ $: 'data.items' }, 'code', 'value'] })).toEqual({
      cardType: '1',
      bankAccount: '',
      walletPhone: '0917',
    });
    expect(ev({ toObject: [{ $: 'data.items' }, 'code'] })).toEqual({
      cardType: items[0],
      bankAccount: items[1],
      walletPhone: items[2],
    });
  });

  it('skips items without a usable key and refuses prototype names', () => {
    const rows = [
      { code: '__proto__', value: 1 },
      { code: { x: 1 }, value: 2 },
      { value: 3 },
      'text',
      { code: 7, value: 4 },
    ];
    const out = evaluate(
      { toObject: [{ $: 'data.rows' }, 'code', 'value'] },
      { scope: { data: { rows } }, format: () => '' },
    );
    expect(out).toEqual({ 7: 4 });
    expect(ev({ toObject: [{ $: 'data.none' }, 'code'] })).toEqual({});
  });
});

describe('split', () => {
  it('cuts text into trimmed non-empty parts, and returns a list as it is', () => {
    expect(ev({ split: [{ $: 'data.csv' }] })).toEqual(['a.png', 'b.png']);
    expect(ev({ split: ['a|b', '|'] })).toEqual(['a', 'b']);
    expect(ev({ split: [{ $: 'data.list' }, ','] })).toEqual(['x.png']);
    expect(ev({ split: [{ $: 'data.none' }] })).toEqual([]);
    expect(ev({ split: [''] })).toEqual([]);
  });
});

describe('evaluateBody', () => {
  const env = { scope, format: () => '' };
  it('reads named fields as before', () => {
    expect(evaluateBody({ type: { $: 'ui.type' }, fixed: 'x' }, env)).toEqual({ type: 2, fixed: 'x' });
  });

  it('reads one operator expression as the whole payload (a server-driven form)', () => {
    const body = {
      merge: [
        {
          pick: [
            { $: 'form.fields' },
            { filter: [{ $: 'data.items' }, { '!=': [{ $: 'item.cardTypeMi' }, 1] }] },
            'code',
          ],
        },
        { obj: { product_id: 'P-1' } },
      ],
    };
    expect(evaluateBody(body, env)).toEqual({ cardType: '2', walletPhone: '09171234567', product_id: 'P-1' });
  });

  it('gives an empty body when the expression is not an object', () => {
    expect(evaluateBody({ $: 'data.list' }, env)).toEqual({});
    expect(evaluateBody({ $: 'data.none' }, env)).toEqual({});
    expect(evaluateBody(undefined, env)).toEqual({});
  });
});
