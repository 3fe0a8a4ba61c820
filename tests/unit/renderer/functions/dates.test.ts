// Dates in Manila: midnight in Manila is 16:00 UTC the day before, which is where naive date code
// goes wrong. Invalid dates are missing, never "Invalid Date" or NaN.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, NOW } from './helpers';

const at = (iso: string) => Date.parse(iso);

describe('dates in Manila', () => {
  it('now() comes from the host clock, to the second, in Manila time', () => {
    expect(call({ now: [] })).toBe('2025-02-28T23:30:00+08:00');
    expect(call({ now: [] }, {}, at('2025-02-28T16:00:00.999Z'))).toBe('2025-03-01T00:00:00+08:00');
  });

  it('counts calendar days across Manila midnight, not UTC midnight', () => {
    // 23:30 and 00:10 in Manila are both 28 February in UTC.
    expect(call({ dateDiff: [{ now: [] }, '2025-03-01T00:10:00+08:00', 'days'] })).toBe(1);
    expect(call({ dateDiff: ['2025-02-28T16:10:00Z', '2025-02-28T15:50:00Z', 'days'] })).toBe(-1);
    expect(call({ dateDiff: ['2025-03-01T00:00:00+08:00', '2025-03-01T23:59:59+08:00', 'days'] })).toBe(0);
    expect(call({ dateDiff: [{ now: [] }, '2025-03-01T00:10:00+08:00', 'hours'] })).toBe(0);
    expect(call({ formatDate: [{ now: [] }, 'YYYY-MM-DD'] }, {}, at('2025-02-28T16:00:00Z'))).toBe(
      '2025-03-01',
    );
    expect(call({ formatDate: [{ now: [] }, 'YYYY-MM-DD'] }, {}, at('2025-02-28T15:59:59Z'))).toBe(
      '2025-02-28',
    );
    expect(call({ startOf: [{ now: [] }, 'day'] })).toBe('2025-02-28T00:00:00+08:00');
    expect(call({ datePart: ['2025-02-28T16:00:00Z', 'weekday'] })).toBe(6);
  });

  it('reads what servers send', () => {
    expect(call({ date: ['2025-03-01 09:30:00'] })).toBe('2025-03-01T09:30:00+08:00');
    expect(call({ date: ['2025-03-01T01:30:00Z'] })).toBe('2025-03-01T09:30:00+08:00');
    expect(call({ date: ['2025-03-01T09:30:00+0530'] })).toBe('2025-03-01T12:00:00+08:00');
    expect(call({ date: [1740792600] })).toBe('2025-03-01T09:30:00+08:00');
    expect(call({ date: [1740792600000] })).toBe('2025-03-01T09:30:00+08:00');
    expect(call({ date: ['1740792600000'] })).toBe('2025-03-01T09:30:00+08:00');
    expect(call({ date: ['1/3/2025 9:30', 'D/M/YYYY H:mm'] })).toBe('2025-03-01T09:30:00+08:00');
    expect(call({ date: ['2025.03.01', 'YYYY.MM.DD'] })).toBe('2025-03-01T00:00:00+08:00');
  });

  it('refuses impossible dates: missing, shown as empty text', () => {
    for (const bad of [
      '2025-02-29',
      '2024-13-01',
      '2025-04-31',
      '2025-03-01T24:00:00',
      'soon',
      '',
      '0000-01-01',
    ])
      expect(call({ date: [bad] }), bad).toBeUndefined();
    expect(call({ date: ['2024-02-29'] })).toBe('2024-02-29T00:00:00+08:00');
    expect(call({ date: [null] })).toBeUndefined();
    expect(call({ date: [Number.NaN] })).toBeUndefined();
    expect(call({ date: ['31/02/2025', 'DD/MM/YYYY'] })).toBeUndefined();
    expect(call({ formatDate: [{ $: 'data.when' }, 'YYYY'] }, { data: { when: 'garbage' } })).toBeUndefined();
    expect(call({ t: 'Due {x}' }, { x: call({ formatDate: ['x', 'YYYY'] }) })).toBe('Due ');
    expect(call({ dateAdd: ['nope', 1, 'days'] })).toBeUndefined();
    expect(call({ dateAdd: ['9999-12-31', 1, 'days'] })).toBeUndefined();
  });

  it('adds calendar months and years, keeping the day where it can', () => {
    expect(call({ dateAdd: ['2024-01-31', 1, 'months'] })).toBe('2024-02-29T00:00:00+08:00');
    expect(call({ dateAdd: ['2024-02-29', 1, 'years'] })).toBe('2025-02-28T00:00:00+08:00');
    expect(call({ dateAdd: ['2025-03-31', -1, 'months'] })).toBe('2025-02-28T00:00:00+08:00');
    expect(call({ dateAdd: ['2025-12-15T10:00:00+08:00', 2, 'months'] })).toBe('2026-02-15T10:00:00+08:00');
    expect(call({ dateAdd: [{ now: [] }, 30, 'minutes'] })).toBe('2025-03-01T00:00:00+08:00');
    expect(call({ dateDiff: ['2025-01-31', '2025-03-01', 'months'] })).toBe(2);
    expect(call({ dateDiff: ['2024-12-31', '2025-01-01', 'years'] })).toBe(1);
    expect(call({ dateDiff: ['2025-03-01', '2025-03-15', 'weeks'] })).toBe(2);
  });

  it('formats with every pattern letter', () => {
    expect(call({ formatDate: ['2025-03-09T15:04:05+08:00', 'YYYY YY MMMM MMM MM M DD D dddd ddd'] })).toBe(
      '2025 25 March Mar 03 3 09 9 Sunday Sun',
    );
    expect(call({ formatDate: ['2025-03-09T15:04:05+08:00', 'HH H hh h mm ss A a'] })).toBe(
      '15 15 03 3 04 05 PM pm',
    );
    expect(call({ formatDate: ['2025-03-09T00:04:05+08:00', 'h A [at] [YYYY]'] })).toBe('12 AM at YYYY');
  });

  it('startOf week is Monday in Manila', () => {
    expect(call({ startOf: ['2025-03-02T23:59:00+08:00', 'week'] })).toBe('2025-02-24T00:00:00+08:00');
    expect(call({ startOf: ['2025-03-03T00:00:00+08:00', 'week'] })).toBe('2025-03-03T00:00:00+08:00');
    expect(call({ startOf: ['2025-03-17', 'month'] })).toBe('2025-03-01T00:00:00+08:00');
    expect(call({ startOf: ['2025-03-17', 'year'] })).toBe('2025-01-01T00:00:00+08:00');
  });

  const moment = fc.integer({ min: at('1990-01-01T00:00:00Z'), max: at('2090-01-01T00:00:00Z') });

  it('a date value reads back as the same moment (property)', () => {
    fc.assert(
      fc.property(moment, (ms) => {
        const iso = call({ date: [ms] }) as string;
        expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
        expect(call({ date: [iso] })).toBe(iso);
        expect(Date.parse(iso)).toBe(Math.floor(ms / 1000) * 1000);
      }),
    );
  });

  it('adding n days gives a dateDiff of n days, across any midnight (property)', () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: -1000, max: 1000 }), (ms, n) => {
        const later = call({ dateAdd: [ms, n, 'days'] });
        expect(call({ dateDiff: [ms, later, 'days'] })).toBe(n);
        expect(call({ dateDiff: [ms, later, 'hours'] })).toBe(n * 24);
      }),
    );
  });

  it('the Manila calendar day is the UTC day of the moment plus 8 hours (property)', () => {
    fc.assert(
      fc.property(moment, (ms) => {
        const shifted = new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
        expect(call({ formatDate: [ms, 'YYYY-MM-DD'] })).toBe(shifted);
      }),
    );
  });

  it('never throws and never shows NaN, whatever it is given (property)', () => {
    const ops = ['date', 'formatDate', 'dateAdd', 'dateDiff', 'startOf', 'datePart'];
    fc.assert(
      fc.property(
        fc.constantFrom(...ops),
        fc.array(
          fc.oneof(
            fc.string(),
            fc.double(),
            fc.integer(),
            fc.constant(null),
            fc.constantFrom('days', 'month', 'YYYY'),
          ),
          {
            maxLength: 3,
          },
        ),
        (op, args) => {
          const result = call({ [op]: args });
          expect(String(result)).not.toMatch(/NaN|Invalid|Infinity/);
        },
      ),
      { numRuns: 500 },
    );
    expect(NOW).toBe(at('2025-02-28T15:30:00Z'));
  });
});
