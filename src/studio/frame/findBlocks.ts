// The blocks of the studio's phone's page (issue 25 items 1 and 4). The engine marks nothing in the
// page (the borrower's bundle has no room and no use for it): the block drawing an element is
// found through React's own link from a DOM node to its component (the `__reactFiber$…` key), up
// to the nearest BlockView and its `path`, which is the block's JSON pointer in the document the
// phone was sent. Studio frame only.
import { BlockView } from '../../../renderer/BlockView';

export interface Picked {
  path: string;
  type: string;
}

interface Fiber {
  type: unknown;
  memoizedProps: { path?: unknown; block?: { type?: unknown } } | null;
  return: Fiber | null;
}

function fiberOf(element: Element): Fiber | null {
  for (const key of Object.keys(element))
    if (key.startsWith('__reactFiber$')) return (element as unknown as Record<string, Fiber>)[key] ?? null;
  return null;
}

const pickedOf = (f: Fiber): Picked | null => {
  const props = f.memoizedProps;
  return props && typeof props.path === 'string'
    ? { path: props.path, type: typeof props.block?.type === 'string' ? props.block.type : '' }
    : null;
};

/** The innermost block drawing `element`, or null (the page's chrome, a toast). */
export function blockAt(element: Element | null, cache?: Map<Element, Picked | null>): Picked | null {
  for (let el = element; el; el = el.parentElement) {
    if (cache?.has(el)) return cache.get(el)!;
    for (let f = fiberOf(el); f; f = f.return) {
      if (f.type !== BlockView) continue;
      const found = pickedOf(f);
      cache?.set(el, found);
      return found;
    }
  }
  return null;
}

/** The box of everything a block draws (its elements and theirs), in the frame's viewport. */
export function boxOf(path: string): DOMRect | null {
  let box: { top: number; left: number; right: number; bottom: number } | null = null;
  // One look-up per element a call: a page redrawn since may have moved its blocks.
  const cache = new Map<Element, Picked | null>();
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.studio-pick')) continue;
    const at = blockAt(el, cache);
    if (!at || (at.path !== path && !at.path.startsWith(`${path}/`))) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    box = box
      ? {
          top: Math.min(box.top, r.top),
          left: Math.min(box.left, r.left),
          right: Math.max(box.right, r.right),
          bottom: Math.max(box.bottom, r.bottom),
        }
      : { top: r.top, left: r.left, right: r.right, bottom: r.bottom };
  }
  return box ? new DOMRect(box.left, box.top, box.right - box.left, box.bottom - box.top) : null;
}

/**
 * The block around the one at `path`: the next BlockView up React's tree from one of its elements
 * (React's tree, not the DOM's: a popup's blocks are drawn elsewhere in the DOM). Null for a block
 * of the page or a popup itself, or one not drawn.
 */
export function parentBlock(path: string): Picked | null {
  const cache = new Map<Element, Picked | null>();
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.studio-pick') || blockAt(el, cache)?.path !== path) continue;
    for (let f = fiberOf(el); f; f = f.return) {
      if (f.type !== BlockView) continue;
      const found = pickedOf(f);
      if (found && found.path !== path) return found;
    }
    return null;
  }
  return null;
}
