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
): Picker {
  const hover = overlay('hover');
  const selected = overlay('selected');
  let picking = false;
  let hovered: Picked | null = null;
  let current: { path: string; type: string } | null = null;

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
        const at = blockAt(e.target as Element);
        if (!at) return;
        e.preventDefault();
        e.stopPropagation();
        if (type === 'click') {
          if (e.detail >= 2) onEdit(at, e.target as Element);
          else onPick(at);
        }
      },
      true,
    );
  window.addEventListener('scroll', refresh, true);
  window.addEventListener('resize', refresh);

  return {
    setPicking(on) {
      picking = on;
      if (!on) hovered = null;
      refresh();
    },
    select(path, type = '') {
      current = path === null ? null : { path, type };
      refresh();
    },
    refresh,
  };
}
