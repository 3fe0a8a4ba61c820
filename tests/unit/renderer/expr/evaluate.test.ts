import { describe, expect, it, vi } from 'vitest';
import { evaluate, evaluateFields, OPERATOR_NAMES, type EvalEnv } from '../../../../renderer/expr/evaluate';
import exprSchema from '../../../../schemas/expr.schema.json';

const scope = {
  params: { productId: '12', orderStatus: '174' },
  data: {
    name: 'Ana',
    amount: 123456,
    flag: '1',
    zero: 0,
    empty: '',
    none: null,
    rows: [
      { name: 'Fee', value: 10 },
      { name: 'Tax', value: 2 },
    ],
    noRows: [],
    json: '{"a":[1,2]}',
  },
  item: { id: 3 },
  index: 1,
};

function env(
  format: EvalEnv['format'] = (name, value, arg) => `${name}(${String(value)}${arg ? `|${arg}` : ''})`,
) {
  return { scope, format };
}
const ev = (expr: unknown) => evaluate(expr, env());

describe('evaluate: values and paths', () => {
  it('returns plain values as they are and evaluates list items', () => {
    expect(ev('text')).toBe('text');
    expect(ev(5)).toBe(5);
    expect(ev(false)).toBe(false);
    expect(ev(null)).toBeNull();
    expect(ev(undefined)).toBeUndefined();
    expect(ev([1, { $: 'data.name' }])).toEqual([1, 'Ana']);
  });

  it('reads state with $, including list items and lengths', () => {
    expect(ev({ $: 'data.name' })).toBe('Ana');
    expect(ev({ $: 'data.rows.1.name' })).toBe('Tax');
    expect(ev({ $: 'data.rows.length' })).toBe(2);
    expect(ev({ $: 'data.name.length' })).toBe(3);
    expect(ev({ $: 'index' })).toBe(1);
    expect(ev({ $: 'data.missing.deeper' })).toBeUndefined();
    expect(ev({ $: 'data.rows.9.name' })).toBeUndefined();
    expect(ev({ $: 42 })).toBeUndefined();
    expect(ev({ $: '' })).toBeUndefined();
  });

  it('an object that is not exactly one known operator is not an operator', () => {
    expect(ev({ $: 'data.name', t: 'x' })).toBeUndefined();
    expect(ev({})).toBeUndefined();
    expect(ev({ name: 'Ana' })).toBeUndefined();
    expect(ev({ toString: 'x' })).toBeUndefined();
    expect(ev({ constructor: 'x' })).toBeUndefined();
    expect(ev({ hasOwnProperty: 'x' })).toBeUndefined();
    expect(ev(JSON.parse('{"__proto__": {"$": "data.name"}}'))).toBeUndefined();
  });
});

describe('evaluate: operators', () => {
  it('== and != compare loosely', () => {
    expect(ev({ '==': [{ $: 'params.orderStatus' }, 174] })).toBe(true);
    expect(ev({ '==': [{ $: 'data.flag' }, 1] })).toBe(true);
    expect(ev({ '==': ['a', 'b'] })).toBe(false);
    expect(ev({ '!=': [{ $: 'data.flag' }, '1'] })).toBe(false);
    expect(ev({ '!=': [{ $: 'data.none' }, 0] })).toBe(true);
    expect(ev({ '==': [{ $: 'data.none' }, { $: 'data.missing' }] })).toBe(true);
  });

  it('<, <=, >, >= compare numbers, and anything not numeric is false', () => {
    expect(ev({ '<': [{ $: 'data.zero' }, 1] })).toBe(true);
    expect(ev({ '<=': [2, '2'] })).toBe(true);
    expect(ev({ '>': ['10', '9'] })).toBe(true);
    expect(ev({ '>=': [1, 2] })).toBe(false);
    expect(ev({ '<': ['abc', 1] })).toBe(false);
    expect(ev({ '>': [{ $: 'data.missing' }, -1] })).toBe(false);
    expect(ev({ '<': [{ $: 'data.none' }, 1] })).toBe(false);
  });

  it('+ and - add numbers; non-numbers count as 0', () => {
    expect(ev({ '+': [{ $: 'index' }, 1] })).toBe(2);
    expect(ev({ '+': ['2', '3'] })).toBe(5);
    expect(ev({ '-': [10, { $: 'data.missing' }] })).toBe(10);
    expect(ev({ '+': ['x', 1] })).toBe(1);
  });

  it('and / or / not', () => {
    expect(ev({ and: [true, { $: 'data.name' }] })).toBe(true);
    expect(ev({ and: [true, { $: 'data.noRows' }] })).toBe(false);
    expect(ev({ or: [{ $: 'data.empty' }, { $: 'data.name' }] })).toBe('Ana');
    expect(ev({ or: [{ $: 'data.empty' }, { $: 'data.zero' }] })).toBe(0);
    expect(ev({ not: { $: 'data.zero' } })).toBe(true);
    expect(ev({ not: { $: 'data.rows' } })).toBe(false);
  });

  it('and, or and if evaluate only what they need', () => {
    const format = vi.fn(() => 'x');
    const e = { scope, format };
    const probe = { format: [1, 'probe'] };
    evaluate({ and: [false, probe] }, e);
    evaluate({ or: [true, probe] }, e);
    evaluate({ if: [true, 1, probe] }, e);
    evaluate({ if: [false, probe, 2] }, e);
    expect(format).not.toHaveBeenCalled();
    evaluate({ or: [false, probe] }, e);
    expect(format).toHaveBeenCalledTimes(1);
  });

  it('in tests membership loosely', () => {
    expect(ev({ in: [{ $: 'params.orderStatus' }, [170, 174, 180]] })).toBe(true);
    expect(ev({ in: [200, [170, 174, 180]] })).toBe(false);
    expect(ev({ in: [1, { $: 'data.name' }] })).toBe(false);
  });

  // Issue 16 item 4 (S2.1-19): `??` is TypeScript's: only undefined and null fall through.
  it('?? gives the first value that is not undefined or null', () => {
    expect(ev({ '??': [{ $: 'data.missing' }, { $: 'data.none' }, 'fallback'] })).toBe('fallback');
    expect(ev({ '??': [{ $: 'data.missing' }] })).toBeUndefined();
    expect(ev({ '??': [{ $: 'data.none' }, { $: 'data.missing' }] })).toBeUndefined();
  });

  it('?? keeps "", 0 and false: they are values, not missing', () => {
    expect(ev({ '??': [{ $: 'data.empty' }, 'fallback'] })).toBe('');
    expect(ev({ '??': [{ $: 'data.zero' }, 'fallback'] })).toBe(0);
    expect(ev({ '??': [false, 'fallback'] })).toBe(false);
    expect(ev({ '??': [{ $: 'data.missing' }, ''] })).toBe('');
  });

  it('a field built with ?? keeps an empty text (the register body keeps invite_code, S2.1-19)', () => {
    const body = evaluateFields(
      { invite_code: { '??': [{ $: 'data.empty' }, ''] }, other: { '??': [{ $: 'data.missing' }, ''] } },
      env(),
    );
    expect(body).toEqual({ invite_code: '', other: '' });
  });

  it('or is the "first non-empty" fallback: "", 0, false and [] fall through', () => {
    expect(ev({ or: [{ $: 'data.empty' }, 'fallback'] })).toBe('fallback');
    expect(ev({ or: [{ $: 'data.zero' }, { $: 'data.noRows' }, 'fallback'] })).toBe('fallback');
  });

  it('if picks a branch', () => {
    expect(ev({ if: [{ $: 'data.flag' }, 'yes', 'no'] })).toBe('yes');
    expect(ev({ if: [{ $: 'data.noRows' }, 'yes', 'no'] })).toBe('no');
  });

  it('len counts lists and text, 0 otherwise', () => {
    expect(ev({ len: { $: 'data.rows' } })).toBe(2);
    expect(ev({ len: { $: 'data.name' } })).toBe(3);
    expect(ev({ len: { $: 'data.amount' } })).toBe(0);
    expect(ev({ len: { $: 'data.missing' } })).toBe(0);
  });

  it('format hands the value, name and argument to the host', () => {
    expect(ev({ format: [{ $: 'data.amount' }, 'amount'] })).toBe('amount(123456)');
    expect(ev({ format: [{ $: 'data.amount' }, 'date', 'YYYY'] })).toBe('date(123456|YYYY)');
  });

  it('lookup reads own table entries only, else the default', () => {
    const table = { '170': 'repay.png', '200': 'done.png' };
    expect(ev({ lookup: [{ $: 'params.orderStatus' }, table, 'default.png'] })).toBe('default.png');
    expect(ev({ lookup: [170, table] })).toBe('repay.png');
    expect(ev({ lookup: ['toString', table, { $: 'data.name' }] })).toBe('Ana');
    expect(ev({ lookup: ['__proto__', table, 'd'] })).toBe('d');
    expect(ev({ lookup: ['constructor', table] })).toBeUndefined();
  });

  it('concat, join and slice', () => {
    expect(ev({ concat: ['₱', { $: 'data.amount' }, { $: 'data.missing' }] })).toBe('₱123456');
    expect(ev({ join: [{ $: 'data.rows' }, ', ', 'name'] })).toBe('Fee, Tax');
    expect(ev({ join: [['a', 'b']] })).toBe('a,b');
    expect(ev({ join: [{ $: 'data.name' }, ','] })).toBe('');
    expect(ev({ slice: [{ $: 'data.rows' }, 1] })).toEqual([{ name: 'Tax', value: 2 }]);
    expect(ev({ slice: ['abcdef', 1, 3] })).toBe('bc');
    expect(ev({ slice: [{ $: 'data.amount' }, 0] })).toEqual([]);
  });

  it('matches tests a regular expression and treats a broken one as no match', () => {
    expect(ev({ matches: ['09171234567', '^09\\d{9}$'] })).toBe(true);
    expect(ev({ matches: ['0917', '^09\\d{9}$'] })).toBe(false);
    expect(ev({ matches: ['x', '('] })).toBe(false);
    expect(ev({ matches: ['x', 5] })).toBe(false);
  });

  it('obj, json and parse', () => {
    expect(ev({ obj: { id: { $: 'item.id' }, n: 1 } })).toEqual({ id: 3, n: 1 });
    expect(ev({ json: { obj: { a: 1 } } })).toBe('{"a":1}');
    expect(ev({ json: { $: 'data.name' } })).toBe('Ana');
    expect(ev({ parse: { $: 'data.json' } })).toEqual({ a: [1, 2] });
    expect(ev({ parse: '{broken' })).toBeUndefined();
    expect(ev({ parse: 5 })).toBeUndefined();
  });

  it("entries lists an object's fields in order as {key, value}, and nothing for anything else", () => {
    expect(ev({ entries: { obj: { GCash: [1], 'Over the counter': [2, 3] } } })).toEqual([
      { key: 'GCash', value: [1] },
      { key: 'Over the counter', value: [2, 3] },
    ]);
    expect(ev({ entries: { $: 'data.rows' } })).toEqual([]);
    expect(ev({ entries: { $: 'data.name' } })).toEqual([]);
    expect(ev({ entries: { $: 'data.none' } })).toEqual([]);
    expect(ev({ entries: { $: 'data.missing' } })).toEqual([]);
  });

  it('entries never exposes a __proto__ key or anything inherited', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}') as unknown;
    const out = evaluate({ entries: { $: 'data.h' } }, { scope: { data: { h: hostile } }, format: () => '' });
    expect(out).toEqual([{ key: 'a', value: 1 }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('knows exactly the operators the schema documents', () => {
    // Less `$param` (x-source): a part's placeholder, put in place by the server (issue 18).
    const documented = Object.entries(exprSchema.$defs.operator.properties)
      .filter(([, schema]) => (schema as { 'x-source'?: boolean })['x-source'] !== true)
      .map(([name]) => name)
      .sort();
    expect([...OPERATOR_NAMES].sort()).toEqual(documented);
  });
});

describe('evaluate: hostile input', () => {
  it('never reaches prototypes, constructors or methods through paths', () => {
    for (const path of [
      'data.__proto__',
      'data.constructor',
      'data.constructor.prototype',
      'data.toString',
      'data.hasOwnProperty',
      'data.rows.map',
      'data.name.constructor',
      '__proto__',
      'constructor',
      'data.rows.__proto__.push',
      'params.__proto__.polluted',
    ]) {
      expect(ev({ $: path }), path).toBeUndefined();
    }
  });

  it('does not read inherited properties even when a prototype has been extended', () => {
    Object.defineProperty(Object.prototype, 'injected', { value: 'bad', configurable: true });
    Object.defineProperty(Array.prototype, 'injectedToo', { value: 'bad', configurable: true });
    try {
      expect(ev({ $: 'data.injected' })).toBeUndefined();
      expect(ev({ $: 'data.rows.injectedToo' })).toBeUndefined();
      expect(ev({ t: '[{data.injected}]' })).toBe('[]');
      expect(ev({ injected: 1 })).toBeUndefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).injected;
      delete (Array.prototype as unknown as Record<string, unknown>).injectedToo;
    }
  });

  it('does not call functions found in state', () => {
    const called = vi.fn(() => 'called');
    const e = { scope: { data: { fn: called, obj: { toString: called } } }, format: () => '' };
    expect(evaluate({ $: 'data.fn' }, e)).toBeUndefined();
    expect(evaluate({ $: 'data.obj.toString' }, e)).toBeUndefined();
    expect(evaluate({ t: '{data.fn}' }, e)).toBe('');
    expect(called).not.toHaveBeenCalled();
  });

  it('obj and evaluateFields drop a __proto__ field and pollute nothing', () => {
    const hostile = JSON.parse('{"obj": {"__proto__": {"polluted": 1}, "a": 1}}') as unknown;
    const result = ev(hostile) as Record<string, unknown>;
    expect(result).toEqual({ a: 1 });
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    const fields = evaluateFields(JSON.parse('{"__proto__": {"polluted": 1}, "b": 2}'), env());
    expect(fields).toEqual({ b: 2 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('evaluateFields ignores anything that is not a map', () => {
    expect(evaluateFields(undefined, env())).toEqual({});
    expect(evaluateFields([1, 2], env())).toEqual({});
    expect(evaluateFields('x', env())).toEqual({});
  });

  it('nesting beyond the depth limit gives undefined, not a stack overflow', () => {
    const nest = (depth: number, wrap: (inner: unknown) => unknown) => {
      let e: unknown = 'bottom';
      for (let i = 0; i < depth; i++) e = wrap(e);
      return e;
    };
    expect(ev(nest(10, (e) => ({ '??': [e] })))).toBe('bottom');
    expect(ev(nest(100, (e) => ({ '??': [e] })))).toBeUndefined();
    expect(ev(nest(100000, (e) => ({ if: [true, e, 'no'] })))).toBeUndefined();
    expect(() => ev(nest(100000, (e) => ({ not: e })))).not.toThrow();
    expect(() => ev(nest(100000, (e) => [e]))).not.toThrow();
    const deepObj = ev(nest(100000, (e) => ({ obj: { a: e } })));
    expect(JSON.stringify(deepObj)).not.toContain('bottom');
    expect(ev(nest(100000, (e) => ({ concat: [e] })))).toBe('');
  });

  it('the depth limit is exact, through filter too, and a nested evaluation starts its own count', () => {
    const nots = (n: number): unknown => (n === 0 ? true : { not: nots(n - 1) });
    // The literal under 64 nots is at depth 64, the last one evaluated; under 65 it is undefined,
    // so the innermost not gives true (without the limit, an odd count of nots gives false).
    expect(ev(nots(63))).toBe(false);
    expect(ev(nots(64))).toBe(true);
    expect(ev(nots(65))).toBe(true);
    // filter's condition is one level below filter.
    const kept = (n: number) => (ev({ filter: [{ $: 'data.rows' }, nots(n)] }) as unknown[]).length;
    expect(kept(62)).toBe(2);
    expect(kept(63)).toBe(0);
    expect(kept(64)).toBe(0);
    // A formatter that evaluates (as a language runtime may) does so from depth 0, wherever it is called.
    const inner: EvalEnv = { scope, format: () => String(evaluate(nots(64), inner)) };
    const deepFormat = (n: number): unknown =>
      n === 0 ? { format: ['x', 1] } : { '??': [deepFormat(n - 1)] };
    expect(evaluate(deepFormat(64), inner)).toBe('true');
  });

  it('copes with huge strings', () => {
    const huge = 'x'.repeat(2_000_000);
    const e = { scope: { data: { huge } }, format: () => '' };
    expect(evaluate({ len: { $: 'data.huge' } }, e)).toBe(2_000_000);
    expect((evaluate({ t: 'a{data.huge}b' }, e) as string).length).toBe(2_000_002);
    expect(evaluate({ '==': [{ $: 'data.huge' }, huge] }, e)).toBe(true);
    expect(evaluate({ $: `data.${huge}` }, e)).toBeUndefined();
    expect(evaluate({ t: '{'.repeat(100000) + '}'.repeat(100000) }, e)).toBe(
      '{'.repeat(50000) + '}'.repeat(50000),
    );
    expect(evaluate({ parse: '['.repeat(1_000_000) }, e)).toBeUndefined();
  });

  it('json of a value that cannot be serialised is empty text', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(evaluate({ json: { $: 'data.loop' } }, { scope: { data: { loop } }, format: () => '' })).toBe('');
  });
});

describe('evaluate: reads reported for redraw tracking', () => {
  it('reports each scope path it reads, in $ and in templates, with what it found', () => {
    const reads: [string, unknown][] = [];
    const onRead = (path: string, value: unknown) => reads.push([path, value]);
    evaluate({ concat: [{ $: 'data.name' }, { t: ' #{params.productId}' }] }, { ...env(), onRead });
    expect(reads).toEqual([
      ['data.name', 'Ana'],
      ['params.productId', '12'],
    ]);
  });

  it('does not report reads of a filter’s own item, only of the outer scope', () => {
    const reads: string[] = [];
    const onRead = (path: string) => reads.push(path);
    const kept = evaluate(
      { filter: [{ $: 'data.rows' }, { '>': [{ $: 'row.value' }, { $: 'data.zero' }] }, 'row'] },
      { ...env(), onRead },
    );
    expect(kept).toHaveLength(2);
    expect(reads).toEqual(['data.rows', 'data.zero', 'data.zero']);
  });
});
