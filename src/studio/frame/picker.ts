// Picking blocks in the studio's phone (issue 25 item 1): hovering outlines a block and names its
// type, a click selects it instead of running it, and the studio's selection is outlined. The
// engine marks nothing in the page (the borrower's bundle has no room and no use for it): the
// block under the pointer is found through React's own link from a DOM node to its component
// (the `__reactFiber$…` key), up to the nearest BlockView and its `path`, which is the block's
// JSON pointer in the document the phone was sent. Studio frame only.
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

/** The innermost block drawing `element`, or null (the page's chrome, a toast). */
export function blockAt(element: Element | null, cache?: Map<Element, Picked | null>): Picked | null {
  for (let el = element; el; el = el.parentElement) {
    if (cache?.has(el)) return cache.get(el)!;
    for (let f = fiberOf(el); f; f = f.return) {
      if (f.type !== BlockView) continue;
      const props = f.memoizedProps;
      const found =
        props && typeof props.path === 'string'
          ? { path: props.path, type: typeof props.block?.type === 'string' ? props.block.type : '' }
          : null;
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

/** An outline over the page (pointer-events: none), with a tag naming the block's type. */
function overlay(kind: 'hover' | 'selected'): HTMLDivElement {
  const el = document.createElement('div');
  el.className = `studio-pick studio-pick-${kind}`;
  el.setAttribute('aria-hidden', 'true');
  Object.assign(el.style, {
    position: 'fixed',
    pointerEvents: 'none',
    zIndex: '2147483646',
    boxSizing: 'border-box',
    border: kind === 'hover' ? '2px dashed #2f6fde' : '2px solid #c2410c',
    display: 'none',
  });
  const tag = document.createElement('span');
  Object.assign(tag.style, {
    position: 'absolute',
    top: '-18px',
    left: '-2px',
    font: '11px/16px system-ui, sans-serif',
    padding: '0 4px',
    color: '#fff',
    background: kind === 'hover' ? '#2f6fde' : '#c2410c',
    whiteSpace: 'nowrap',
  });
  el.appendChild(tag);
  document.body.appendChild(el);
  return el;
}

function place(el: HTMLDivElement, box: DOMRect | null, label: string) {
  if (!box) {
    el.style.display = 'none';
    return;
  }
  Object.assign(el.style, {
    display: 'block',
    top: `${box.top}px`,
    left: `${box.left}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
  });
  const tag = el.firstChild as HTMLSpanElement;
  tag.textContent = label;
  tag.style.top = box.top < 18 ? '0' : '-18px';
}

/** Where a dragged block goes, relative to the block it is dropped on. */
export type DropPlace = 'before' | 'after';

/** The line a dragged block would land on: a bar at the target's top or bottom edge. */
function dropLine(): HTMLDivElement {
  const el = document.createElement('div');
  el.className = 'studio-pick studio-pick-drop';
  el.setAttribute('aria-hidden', 'true');
  Object.assign(el.style, {
    position: 'fixed',
    pointerEvents: 'none',
    zIndex: '2147483647',
    height: '4px',
    borderRadius: '2px',
    background: '#2f6fde',
    display: 'none',
  });
  document.body.appendChild(el);
  return el;
}

/** A press must move this far (CSS px) before it is a drag: a click's jitter is not one. */
const DRAG_AFTER_PX = 6;

export interface Picker {
  /** In pick mode a click selects the block and does not run it. */
  setPicking(on: boolean): void;
  /** Outlines the studio's selection (null: none). */
  select(path: string | null, type?: string): void;
  /** Redraws the outlines (the page changed or scrolled). */
  refresh(): void;
}

export function createPicker(
  onPick: (picked: Picked) => void,
  onEdit: (picked: Picked, element: Element) => void,
  /** A block dragged onto another in pick mode (issue 25 item 4: drag and drop in the phone). */
  onMove: (from: Picked, to: Picked, where: DropPlace) => void = () => undefined,
): Picker {
  const hover = overlay('hover');
  const selected = overlay('selected');
  const line = dropLine();
  let picking = false;
  let hovered: Picked | null = null;
  let current: { path: string; type: string } | null = null;
  // A press on a block in pick mode, a drag once it has moved, and where it would land.
  let press: { at: Picked; x: number; y: number; dragging: boolean } | null = null;
  let drop: { to: Picked; where: DropPlace } | null = null;
  // The click that ends a drag is not a pick.
  let swallowClick = false;

  const endDrag = () => {
    press = null;
    drop = null;
    line.style.display = 'none';
    document.documentElement.style.cursor = '';
  };

  /** The block under the pointer a drag may land on (not the dragged one, nor one inside it). */
  const dropAt = (x: number, y: number): { to: Picked; where: DropPlace; box: DOMRect } | null => {
    if (!press) return null;
    const to = blockAt(document.elementFromPoint(x, y));
    const from = press.at.path;
    if (!to || to.path === from || to.path.startsWith(`${from}/`) || from.startsWith(`${to.path}/`))
      return null;
    const box = boxOf(to.path);
    if (!box) return null;
    return { to, where: y < box.top + box.height / 2 ? 'before' : 'after', box };
  };

  const refresh = () => {
    place(
      hover,
      picking && hovered && hovered.path !== current?.path ? boxOf(hovered.path) : null,
      hovered?.type ?? '',
    );
    place(selected, current ? boxOf(current.path) : null, current?.type ?? '');
  };

  window.addEventListener(
    'mousemove',
    (e) => {
      if (!picking) return;
      const at = blockAt(e.target as Element);
      if (at?.path === hovered?.path) return;
      hovered = at;
      refresh();
    },
    true,
  );
  document.addEventListener('mouseleave', () => {
    hovered = null;
    refresh();
  });
  // The block's own handlers never see a pick (a button would navigate).
  for (const type of ['click', 'pointerdown', 'mousedown', 'pointerup', 'mouseup'] as const)
    window.addEventListener(
      type,
      (e) => {
        if (!picking) return;
        if (type === 'click' && swallowClick) {
          swallowClick = false;
          e.preventDefault();
          e.stopPropagation();
          return;
        }
        const at = blockAt(e.target as Element);
        if (!at) return;
        e.preventDefault();
        e.stopPropagation();
        if (type === 'pointerdown' && (e as PointerEvent).button === 0) {
          const { clientX: x, clientY: y } = e as PointerEvent;
          press = { at, x, y, dragging: false };
        }
        if (type === 'click') {
          if (e.detail >= 2) onEdit(at, e.target as Element);
          else onPick(at);
        }
      },
      true,
    );

  // Drag a block onto another: a line shows where it lands (before or after it), and letting go
  // there moves it, as the outline's drag and drop does; Escape or letting go elsewhere drops it.
  window.addEventListener(
    'pointermove',
    (e) => {
      if (!picking || !press) return;
      if (!press.dragging && Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_AFTER_PX) return;
      press.dragging = true;
      document.documentElement.style.cursor = 'grabbing';
      const target = dropAt(e.clientX, e.clientY);
      drop = target && { to: target.to, where: target.where };
      if (!target) {
        line.style.display = 'none';
        return;
      }
      const { box, where } = target;
      Object.assign(line.style, {
        display: 'block',
        left: `${box.left}px`,
        width: `${box.width}px`,
        // Within the phone's screen: a line at its very top or bottom would be half off it.
        top: `${Math.min(Math.max(0, (where === 'before' ? box.top : box.bottom) - 2), window.innerHeight - 4)}px`,
      });
    },
    true,
  );
  window.addEventListener(
    'pointerup',
    () => {
      if (!press) return;
      if (press.dragging) {
        swallowClick = true;
        if (drop) onMove(press.at, drop.to, drop.where);
      }
      endDrag();
    },
    true,
  );
  window.addEventListener('pointercancel', endDrag, true);
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape' && press?.dragging) {
        swallowClick = true;
        endDrag();
      }
    },
    true,
  );
  window.addEventListener('scroll', refresh, true);
  window.addEventListener('resize', refresh);

  return {
    setPicking(on) {
      picking = on;
      if (!on) {
        hovered = null;
        endDrag();
      }
      refresh();
    },
    select(path, type = '') {
      current = path === null ? null : { path, type };
      refresh();
    },
    refresh,
  };
}
