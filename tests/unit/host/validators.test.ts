import { describe, expect, it } from 'vitest';
import { isEmail, isPhone, isUrl } from '../../../src/host/validators';

describe('helper validators (P-27)', () => {
  it('e-mail', () => {
    expect(isEmail('support@pesoquick.example')).toBe(true);
    expect(isEmail('a.b+c@x.co')).toBe(true);
    expect(isEmail('no-at.example')).toBe(false);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a @b.co')).toBe(false);
    expect(isEmail(42)).toBe(false);
  });

  it('phone: the spec rule by default, another rule when given (ruling 5)', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone('12800138000')).toBe(false);
    expect(isPhone('1380013800')).toBe(false);
    expect(isPhone('09171234567')).toBe(false);
    expect(isPhone('0917 123 4567', /^09\d{9}$/)).toBe(true);
  });

  it('URL: absolute http(s) only', () => {
    expect(isUrl('https://pesoquick.example/a?b=1')).toBe(true);
    expect(isUrl('http://x.example')).toBe(true);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(isUrl('/relative')).toBe(false);
    expect(isUrl('ftp://x.example')).toBe(false);
    expect(isUrl(null)).toBe(false);
  });
});
