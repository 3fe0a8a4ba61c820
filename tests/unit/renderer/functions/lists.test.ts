// List functions: empty lists, things that are not lists, per-item conditions, stable sorting.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call } from './helpers';

const data = {
  loans: [
    { id: 'a', amount: 300, due: '2025-03-02' },
    { id: 'b', amount: '100', due: null },
    { id: 'c', amount: 'n/a', due: '2025-03-01' },
    { id: 'd', amount: 100, due: '2025-03-01' },
  ],
};

describe('list functions', () => {
  it('an empty list, or something that is not a list, has count 0, sum 0, nothing to find', () => {
    for (const empty of [[], null, 'text', 5, { a: 1 }]) {
      expect(call({ count: [{ $: 'x' }] }, { x: empty })).toBe(0);
      expect(call({ sum: [{ $: 'x' }] }, { x: empty })).toBe(0);
      expect(call({ find: [{ $: 'x' }, true] }, { x: empty })).toBeUndefined();
      expect(call({ sort: [{ $: 'x' }] }, { x: empty })).toEqual([]);
      expect(call({ map: [{ $: 'x' }, 1] }, { x: empty })).toEqual([]);
    }
  });

  it('count and find take a condition per item, under item or a name of their own', () => {
    expect(call({ count: [{ $: 'data.loans' }, { '>=': [{ $: 'item.amount' }, 100] }] }, { data })).toBe(3);
    expect(call({ count: [{ $: 'data.loans' }, { '==': [{ $: 'index' }, 3] }] }, { data })).toBe(1);
    expect(
      call({ find: [{ $: 'data.loans' }, { '==': [{ $: 'loan.amount' }, '100'] }, 'loan'] }, { data }),
    ).toEqual(data.loans[1]);
    // The item name does not leak out.
    expect(
      call({ find: [{ $: 'data.loans' }, { '==': [{ $: 'item.id' }, { $: 'item' }] }] }, { data, item: 'a' }),
    ).toBeUndefined();
  });

  it('sum skips what is not a number and reads numeric text', () => {
    expect(call({ sum: [{ $: 'data.loans' }, 'amount'] }, { data })).toBe(500);
    expect(call({ sum: [[0.1, 0.2]] })).toBeCloseTo(0.3);
  });

  it('sorts numbers by value, text by code, missing last, equal items in their order', () => {
    const ids = (expr: unknown) => (call(expr, { data }) as { id: string }[]).map((l) => l.id);
    expect(ids({ sort: [{ $: 'data.loans' }, 'amount'] })).toEqual(['b', 'd', 'a', 'c']);
    // desc is the reverse order (text before numbers), missing still last, equals still in order.
    expect(ids({ sort: [{ $: 'data.loans' }, 'amount', 'desc'] })).toEqual(['c', 'a', 'b', 'd']);
    expect(ids({ sort: [{ $: 'data.loans' }, 'due'] })).toEqual(['c', 'd', 'a', 'b']);
    expect(ids({ sort: [{ $: 'data.loans' }, 'due', 'desc'] })).toEqual(['a', 'c', 'd', 'b']);
    expect(call({ sort: [['b', 'B', 'a', 10, 9]] })).toEqual([9, 10, 'B', 'a', 'b']);
    // The list in the state is not reordered.
    expect(data.loans.map((l) => l.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sort is stable and keeps every item (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ k: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(null)), i: fc.nat() })),
        (items) => {
          const tagged = items.map((item, i) => ({ ...item, i }));
          const sorted = call({ sort: [{ $: 'x' }, 'k'] }, { x: tagged }) as typeof tagged;
          expect(sorted).toHaveLength(tagged.length);
          for (let j = 1; j < sorted.length; j++) {
            const [a, b] = [sorted[j - 1]!, sorted[j]!];
            if (a.k === b.k) expect(a.i).toBeLessThan(b.i);
            else if (a.k !== null && b.k !== null) expect(a.k).toBeLessThan(b.k);
            else expect(b.k).toBeNull();
          }
        },
      ),
    );
  });

  it('reads at most 1000 items', () => {
    const many = Array.from({ length: 1500 }, (_, i) => i);
    expect(call({ count: [{ $: 'x' }] }, { x: many })).toBe(1000);
  });
});
