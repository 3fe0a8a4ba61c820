import { describe, expect, it } from 'vitest';
import { typeAhead } from '../../../../src/studio/visual/model/typeAhead';

const rows = [
  { key: 'a', label: 'Order Details' },
  { key: 'b', label: 'recommendations', type: 'column' },
  { key: 'c', label: 'Rate our service', type: 'stars' },
  { key: 'd', label: 'Rollover Repayment', type: 'button' },
];

describe('typeAhead', () => {
  it('picks the next row whose label starts with the letters, wrapping around', () => {
    expect(typeAhead(rows, -1, 'r')).toBe('b');
    expect(typeAhead(rows, 1, 'r')).toBe('c');
    expect(typeAhead(rows, 3, 'o')).toBe('a');
  });
  it('keeps the current row while the word typed still fits it', () => {
    expect(typeAhead(rows, 2, 'ra')).toBe('c');
    expect(typeAhead(rows, 1, 'rol')).toBe('d');
  });
  it('knows a row by its type and label too', () => {
    expect(typeAhead(rows, -1, 'stars')).toBe('c');
  });
  it('finds nothing for letters no row starts with, or for a blank', () => {
    expect(typeAhead(rows, 0, 'zz')).toBeNull();
    expect(typeAhead(rows, 0, ' ')).toBeNull();
  });
});
