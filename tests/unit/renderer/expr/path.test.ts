import { describe, expect, it } from 'vitest';
import { readPath, splitPath, writePath } from '../../../../renderer/expr/path';

const clean = () => {
  const probe = {} as Record<string, unknown>;
  expect(probe.x).toBeUndefined();
  expect(probe.polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'x')).toBe(false);
};

describe('splitPath', () => {
  it('splits dotted paths and refuses empty segments and prototype keys', () => {
    expect(splitPath('data.rows.0.name')).toEqual(['data', 'rows', '0', 'name']);
    expect(splitPath('')).toBeNull();
    expect(splitPath('data..x')).toBeNull();
    expect(splitPath('data.')).toBeNull();
    expect(splitPath('a.__proto__')).toBeNull();
    expect(splitPath('a.prototype.b')).toBeNull();
    expect(splitPath('constructor')).toBeNull();
    expect(splitPath(5 as unknown as string)).toBeNull();
  });
});

describe('readPath', () => {
  const root = { a: { b: [10, { c: 'deep' }] }, s: 'text', n: null };

  it('reads own properties and array indexes', () => {
    expect(readPath(root, 'a.b.0')).toBe(10);
    expect(readPath(root, 'a.b.1.c')).toBe('deep');
    expect(readPath(root, 'a.b.length')).toBe(2);
    expect(readPath(root, 's.length')).toBe(4);
    expect(readPath(root, 'n')).toBeNull();
  });

  it('gives undefined for anything else', () => {
    expect(readPath(root, 'a.b.x')).toBeUndefined();
    expect(readPath(root, 'a.b.-1')).toBeUndefined();
    expect(readPath(root, 'n.x')).toBeUndefined();
    expect(readPath(root, 's.0')).toBeUndefined();
    expect(readPath(root, 'a.toString')).toBeUndefined();
    expect(readPath(root, 'a.__proto__')).toBeUndefined();
    expect(readPath(root, 'a.constructor.name')).toBeUndefined();
    expect(readPath(null, 'a')).toBeUndefined();
  });
});

describe('writePath', () => {
  it('returns a changed copy, creating objects on the way, and leaves the original alone', () => {
    const root = { ui: { tab: 1 }, form: {} };
    const next = writePath(root, 'ui.modal.open', true);
    expect(next).toEqual({ ui: { tab: 1, modal: { open: true } }, form: {} });
    expect(root).toEqual({ ui: { tab: 1 }, form: {} });
    expect(next.form).toBe(root.form);
  });

  it('writes array items by index without mutating the array', () => {
    const root = { list: [{ v: 1 }, { v: 2 }] };
    const next = writePath(root, 'list.1.v', 3);
    expect(next.list).toEqual([{ v: 1 }, { v: 3 }]);
    expect(root.list[1]).toEqual({ v: 2 });
  });

  it('replaces a non-object on the way with an object', () => {
    expect(writePath({ ui: 'text' }, 'ui.x', 1)).toEqual({ ui: { x: 1 } });
  });

  it.each(['ui.__proto__.x', '__proto__.x', 'ui.constructor.prototype.x', 'constructor.x', 'ui.prototype'])(
    'refuses %s and pollutes nothing',
    (path) => {
      const root = { ui: {} };
      expect(writePath(root, path, 1)).toBe(root);
      clean();
    },
  );

  it("writePath({}, 'ui.__proto__.x', 1) leaves Object.prototype clean", () => {
    const root = {};
    expect(writePath(root, 'ui.__proto__.x', 1)).toBe(root);
    clean();
  });

  it('treats an own "__proto__"-like key in data as plain data', () => {
    const root = JSON.parse('{"ui": {"__proto__": {"x": 1}}}') as Record<string, unknown>;
    const next = writePath(root, 'ui.y', 2) as { ui: Record<string, unknown> };
    expect(next.ui.y).toBe(2);
    clean();
  });

  it('defines keys as data even for names an object would inherit', () => {
    const next = writePath({} as Record<string, unknown>, 'ui.toString', 'x') as {
      ui: Record<string, unknown>;
    };
    expect(next.ui.toString).toBe('x');
    expect(Object.prototype.toString).toBeTypeOf('function');
  });
});
