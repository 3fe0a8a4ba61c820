// Issue 25 item 4: where a block dragged in the studio's phone lands on the block under the pointer.
// A leaf: its halves, before and after. A container: a band at each edge for beside it, the rest
// inside it (its upper half first, its lower half last); a container around the dragged block:
// inside only.
import { describe, expect, it } from 'vitest';
import { dropPlace, edgeOf } from '../../../src/studio/frame/dropPlace';

const box = { top: 100, height: 200 };
const leaf = { beside: true, inside: false };
const container = { beside: true, inside: true };
const around = { beside: false, inside: true };

describe('dropPlace', () => {
  it('splits a leaf block in halves', () => {
    expect(dropPlace(box, 101, leaf)).toBe('before');
    expect(dropPlace(box, 199, leaf)).toBe('before');
    expect(dropPlace(box, 201, leaf)).toBe('after');
    expect(dropPlace(box, 299, leaf)).toBe('after');
  });

  it('offers inside a container but at its edges, first in its upper half and last in its lower', () => {
    expect(edgeOf(200)).toBe(24);
    expect(dropPlace(box, 110, container)).toBe('before');
    expect(dropPlace(box, 130, container)).toBe('inside-first');
    expect(dropPlace(box, 250, container)).toBe('inside');
    expect(dropPlace(box, 290, container)).toBe('after');
  });

  it('keeps both a band and an inside in a short container (an empty one is short)', () => {
    const empty = { top: 0, height: 36 };
    expect(edgeOf(36)).toBe(10);
    expect(dropPlace(empty, 5, container)).toBe('before');
    expect(dropPlace(empty, 14, container)).toBe('inside-first');
    expect(dropPlace(empty, 22, container)).toBe('inside');
    expect(dropPlace(empty, 31, container)).toBe('after');
  });

  it('takes a block around the dragged one as inside only, and a block that allows nothing as no place', () => {
    expect(dropPlace(box, 101, around)).toBe('inside-first');
    expect(dropPlace(box, 299, around)).toBe('inside');
    expect(dropPlace(box, 150, { beside: false, inside: false })).toBeNull();
  });
});
