// Dates are shown in the lender's calendar, Manila (UTC+8, no DST), whatever the phone's zone
// (issue 27 item 4): the date tests run with the process in three zones (Node reads TZ anew).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createFormat,
  formatAmount,
  formatDate,
  formatDateTime,
  formatNumber,
} from '../../../src/host/format';

describe('amount: integer cents, exactly 2 decimals, no grouping (ruling 6, D-55)', () => {
  it.each([
    [123456, '1234.56'],
    [5, '0.05'],
    [-150, '-1.50'],
    [0, '0.00'],
    [100, '1.00'],
    [99, '0.99'],
    [-5, '-0.05'],
    [2000000, '20000.00'],
    ['123456', '1234.56'],
    ['007', '0.07'],
    ['-0', '0.00'],
    ['900719925474099312', '9007199254740993.12'],
  ])('%j -> %s', (value, shown) => {
    expect(formatAmount(value)).toBe(shown);
  });

  it('strings that are not integers are shown verbatim (D-05, D-06)', () => {
    expect(formatAmount('1,234.56')).toBe('1,234.56');
    expect(formatAmount('₱ 500')).toBe('₱ 500');
    expect(formatAmount('')).toBe('');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount(12.5)).toBe('12.5');
  });

  it('matches exact decimal arithmetic for every safe integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const abs = BigInt(Math.abs(cents));
        const expected = `${cents < 0 ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
        expect(formatAmount(cents)).toBe(expected);
      }),
    );
  });
});

describe('number: dot as the thousands separator (ruling 6)', () => {
  it.each([
    [1234567, '1.234.567'],
    [999, '999'],
    [1000, '1.000'],
    [0, '0'],
    [-1234567, '-1.234.567'],
    ['1234567', '1.234.567'],
  ])('%j -> %s', (value, shown) => {
    expect(formatNumber(value)).toBe(shown);
  });
  it('non-integers are shown verbatim', () => {
    expect(formatNumber('abc')).toBe('abc');
    expect(formatNumber(1.5)).toBe('1.5');
  });
});

describe.each(['Asia/Manila', 'Etc/GMT+8', 'Pacific/Kiritimati'])(
  'date and datetime in Manila time, the phone in %s',
  (zone) => {
    const before = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      process.env.TZ = before;
    });

    it('the phone is in that zone', () => {
      const offset = { 'Asia/Manila': -480, 'Etc/GMT+8': 480, 'Pacific/Kiritimati': -840 }[zone];
      expect(new Date(Date.UTC(2026, 11, 15)).getTimezoneOffset()).toBe(offset);
    });

    it('Unix seconds', () => {
      // 2025-01-31T16:30:05Z is 2025-02-01 00:30:05 in Manila.
      const seconds = Date.UTC(2025, 0, 31, 16, 30, 5) / 1000;
      expect(formatDateTime(seconds)).toBe('2025-02-01 00:30:05');
      expect(formatDate(seconds)).toBe('2025-02-01');
      expect(formatDateTime(String(seconds))).toBe('2025-02-01 00:30:05');
    });

    it('milliseconds are recognised by their size', () => {
      expect(formatDateTime(Date.UTC(2025, 0, 31, 16, 30, 5))).toBe('2025-02-01 00:30:05');
    });

    it('a due date at 23:30 and at 00:30 Manila time is that Manila day', () => {
      expect(formatDate('2026-12-15T15:30:00Z')).toBe('2026-12-15');
      expect(formatDate(Date.UTC(2026, 11, 15, 15, 30) / 1000)).toBe('2026-12-15');
      expect(formatDate('2026-12-15T16:30:00Z')).toBe('2026-12-16');
      expect(formatDate(Date.UTC(2026, 11, 15, 16, 30) / 1000)).toBe('2026-12-16');
      expect(formatDateTime('2026-12-15T16:30:00-08:00')).toBe('2026-12-16 08:30:00');
    });

    it('ISO strings with a zone are converted to Manila time', () => {
      expect(formatDateTime('2025-01-31T16:30:05Z')).toBe('2025-02-01 00:30:05');
      expect(formatDateTime('2025-01-31T16:30:05.123+00:00')).toBe('2025-02-01 00:30:05');
      expect(formatDateTime('2025-01-31 10:00:00+0800')).toBe('2025-01-31 10:00:00');
      expect(formatDate('2025-01-31T16:30:05Z')).toBe('2025-02-01');
    });

    it('dates and times without a zone are Manila time, shown as written', () => {
      expect(formatDate('2025-03-09')).toBe('2025-03-09');
      expect(formatDateTime('2025-03-09')).toBe('2025-03-09 00:00:00');
      expect(formatDateTime('2025-03-09 07:05')).toBe('2025-03-09 07:05:00');
    });

    it('anything else is shown as it came', () => {
      expect(formatDate('next Tuesday')).toBe('next Tuesday');
      expect(formatDate('2025-02-30')).toBe('2025-02-30');
      expect(formatDateTime(null)).toBe('');
    });
  },
);

describe('Host.format', () => {
  const format = createFormat({ currencySign: '₹' });
  it('names the formats', () => {
    expect(format('amount', 123456)).toBe('1234.56');
    expect(format('number', 1234567)).toBe('1.234.567');
    expect(format('date', '2025-03-09T00:00:00+08:00')).toBe('2025-03-09');
    expect(format('upper', 'abc')).toBe('ABC');
    expect(format('lower', 'AbC')).toBe('abc');
  });

  it('currency and money: the peso sign, or the configured sign with the "config" argument (D-49)', () => {
    expect(format('currency', null)).toBe('₱');
    expect(format('money', 500000)).toBe('₱5000.00');
    expect(format('currency', null, 'config')).toBe('₹');
    expect(format('money', 500000, 'config')).toBe('₹5000.00');
    expect(createFormat({ currencySign: '₱' })('money', 5, 'config')).toBe('₱0.05');
    expect(format('money', null)).toBe('');
  });

  // Issue 16 item 5 (D-06): the money format owns the sign, so a preformatted amount never gets two.
  it('money shows a server string that already has a currency sign verbatim', () => {
    const peso = createFormat({ currencySign: '₱' });
    expect(peso('money', '₱535.00')).toBe('₱535.00');
    expect(peso('money', ' ₱1,234.50 ')).toBe(' ₱1,234.50 ');
    expect(format('money', '₹535.00', 'config')).toBe('₹535.00');
    expect(peso('money', 'PHP 535.00')).toBe('PHP 535.00');
    expect(peso('money', '535.00 PHP')).toBe('535.00 PHP');
  });

  it('money puts the sign before a server string that is a bare decimal amount', () => {
    const peso = createFormat({ currencySign: '₱' });
    expect(peso('money', '535.00')).toBe('₱535.00');
    expect(peso('money', '1,234.50')).toBe('₱1,234.50');
    expect(peso('money', '-5.00')).toBe('-₱5.00');
    // An integer string is cents, like a number (D-46).
    expect(peso('money', '53500')).toBe('₱535.00');
    expect(peso('money', -500)).toBe('-₱5.00');
  });

  it('money shows other text as it came, without a sign (it is not an amount)', () => {
    const peso = createFormat({ currencySign: '₱' });
    expect(peso('money', 'Free')).toBe('Free');
    expect(peso('money', '')).toBe('');
    expect(peso('money', undefined)).toBe('');
  });

  it('unknown names give the value as text', () => {
    expect(format('shout', 12)).toBe('12');
    expect(format('shout', undefined)).toBe('');
    expect(format('toString', 'x')).toBe('x');
  });
});
