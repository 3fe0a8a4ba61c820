import { describe, expect, it, vi } from 'vitest';
import { interpolate, templatePaths } from '../../../../renderer/expr/template';

const scope = { data: { name: 'Ana', amount: 123456, date: 1700000000, list: ['a'] }, params: {} };
const format = (name: string, value: unknown, arg?: string) =>
  `<${name}:${String(value)}${arg === undefined ? '' : `:${arg}`}>`;

describe('templates', () => {
  it('fills placeholders with state as text', () => {
    expect(interpolate('Hello {data.name}!', scope, format)).toBe('Hello Ana!');
    expect(interpolate('{data.missing}|{data.list}', scope, format)).toBe('|["a"]');
  });

  it('applies named formats with an optional argument', () => {
    expect(interpolate('₱{data.amount|amount}', scope, format)).toBe('₱<amount:123456>');
    expect(interpolate('{data.date|date:YYYY-MM-DD HH:mm}', scope, format)).toBe(
      '<date:1700000000:YYYY-MM-DD HH:mm>',
    );
  });

  it('hands a missing value to the format as undefined', () => {
    const spy = vi.fn(() => '-');
    expect(interpolate('{data.missing|amount}', scope, spy)).toBe('-');
    expect(spy).toHaveBeenCalledWith('amount', undefined, undefined);
  });

  it('keeps doubled braces as literal braces and leaves non-placeholders alone', () => {
    expect(interpolate('{{data.name}}', scope, format)).toBe('{data.name}');
    expect(interpolate('{ data.name } {1abc} {}', scope, format)).toBe('{ data.name } {1abc} {}');
  });

  it('never reaches prototypes or methods', () => {
    expect(interpolate('[{data.__proto__}][{data.toString}][{data.constructor.name}]', scope, format)).toBe(
      '[][][]',
    );
  });

  it('keeps server text as it is, markup included', () => {
    const s = { data: { html: '<img src=x onerror=alert(1)>' } };
    expect(interpolate('{data.html}', s, format)).toBe('<img src=x onerror=alert(1)>');
  });

  it('lists the paths a template reads', () => {
    expect(templatePaths('{data.a} {{x}} {params.b|date:Y}')).toEqual(['data.a', 'params.b']);
  });
});
