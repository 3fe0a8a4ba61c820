// Where a block dragged in the studio's phone lands on the block under the pointer (issue 25 item
// 4), from the pointer's height in that block's box. What the target allows comes from the studio
// (structureOps.phoneTargets: one rule with the outline's drop); this only splits the box.
import type { PhoneDrop } from '../shared/protocol';

export interface DropTarget {
  /** The dragged block may go before or after it. */
  beside: boolean;
  /** It takes blocks inside (a container, an empty one too). */
  inside: boolean;
}

/**
 * A container's bands at its top and bottom edges where a drop goes beside it, not inside: a
 * quarter of it, from 10 px (a smaller band is hard to hit) to 24 px (a tall container's middle,
 * its padding and an empty one's body, stay "inside"), and never more than a third.
 */
export const edgeOf = (height: number) => Math.min(Math.max(height / 4, 10), 24, height / 3);

/**
 * Beside a block: its upper half before it, its lower half after. Inside a container: its upper
 * half first, its lower half last (the pointer is on the container itself, between or around its
 * children: on a child, the child is the target).
 */
export function dropPlace(
  box: { top: number; height: number },
  y: number,
  target: DropTarget,
): PhoneDrop | null {
  const upper = y < box.top + box.height / 2;
  const edge = target.beside ? edgeOf(box.height) : 0;
  if (target.inside && y >= box.top + edge && y <= box.top + box.height - edge)
    return upper ? 'inside-first' : 'inside';
  if (!target.beside) return null;
  return upper ? 'before' : 'after';
}
