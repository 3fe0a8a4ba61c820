import { describe, expect, it } from 'vitest';
import { isExternal, safeUrl } from '../../../renderer/url';

describe('safeUrl (ruling 11)', () => {
  it.each([
    ['https://pay.example.com/x?a=1', 'https://pay.example.com/x?a=1'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
    ['/repay?orderId=1', '/repay?orderId=1'],
    ['/', '/'],
    ['  /repay  ', '/repay'],
    ['\n https://example.com/a \t', 'https://example.com/a'],
  ])('follows %j as %j', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    '\tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'mailto:help@example.com',
    'tel:+63123',
    'app://product/1',
    '//evil.example.com',
    '  //evil.example.com',
    '/\\evil.example.com',
    'relative/path',
    'example.com',
    '',
    '   ',
  ])('refuses %j', (input) => {
    expect(safeUrl(input)).toBeNull();
  });

  it.each([null, undefined, 42, true, {}, ['/repay'], { href: '/repay' }])(
    'refuses the non-string %j',
    (input) => {
      expect(safeUrl(input)).toBeNull();
    },
  );

  it('tells outside addresses from app paths', () => {
    expect(isExternal('https://x.example')).toBe(true);
    expect(isExternal('HTTP://x.example')).toBe(true);
    expect(isExternal('/repay')).toBe(false);
  });
});
