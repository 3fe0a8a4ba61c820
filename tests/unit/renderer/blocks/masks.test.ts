import { describe, expect, it } from 'vitest';
import { capText, clean, display, nextValue } from '../../../../renderer/blocks/input/masks';

describe('input masks', () => {
  it('digits strips every non-digit (P-26, bank text fields)', () => {
    expect(clean('digits', '12a-3 4.5x')).toBe('12345');
    expect(nextValue('digits', 'abc', '')).toBe('');
  });

  it('phone keeps at most 11 digits and shows them 3-4-4 (P-24)', () => {
    expect(nextValue('phone', '+63 (917) 123-45678999', '')).toBe('63917123456');
    expect(display('phone', '13800138000')).toBe('138 0013 8000');
    expect(display('phone', '1380')).toBe('138 0');
    expect(display('phone', '138')).toBe('138');
    expect(display('phone', '')).toBe('');
  });

  it('a digit typed into a full phone number is ignored', () => {
    expect(nextValue('phone', '138 0013 80009', '13800138000')).toBe('13800138000');
  });

  it('phone honours a smaller maxLength, never a larger one', () => {
    expect(nextValue('phone', '123456789', '', 5)).toBe('12345');
    expect(nextValue('phone', '123456789012345', '', 20)).toBe('12345678901');
  });

  it('bankCard stores digits and shows groups of four (P-25)', () => {
    expect(nextValue('bankCard', '6222 0212-3456 7890 123', '')).toBe('6222021234567890123');
    expect(display('bankCard', '6222021234567890123')).toBe('6222 0212 3456 7890 123');
    expect(display('bankCard', '62220')).toBe('6222 0');
  });

  it('none keeps any text, cut to maxLength', () => {
    expect(nextValue('none', 'hello world', '', 5)).toBe('hello');
    expect(nextValue('none', 'a1 b2', '')).toBe('a1 b2');
  });

  it('capText ignores growth at the limit and cuts a long paste, without splitting emoji', () => {
    expect(capText('abcd', 'abc', 3)).toBe('abc');
    expect(capText('abXYZ', 'ab', 3)).toBe('abX');
    expect(capText('ab', 'abc', 3)).toBe('ab');
    expect(capText('😀😀😀😀', '', 3)).toBe('😀😀😀');
  });
});
