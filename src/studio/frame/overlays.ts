// What the studio draws over its phone's page in pick mode (picker.ts): outlines of the hovered
// and the selected block, the selection's chip (its handle to drag it, and the block around it to
// select), the line where a dragged block lands beside another and the box of a container it lands
// in. All are fixed layers over the page, skipped when looking for blocks (`.studio-pick`); inline
// styles, since the borrower's CSS has no room for the studio's.
import type { PhoneDrop } from '../shared/protocol';

const BLUE = '#2f6fde';
const ORANGE = '#c2410c';
const TEAL = '#0f766e';
/** The tags' type, and the selection chip's: larger, it is a handle to grab. */
const FONT = '11px/16px system-ui, sans-serif';
const CHIP_FONT = '12px/20px system-ui, sans-serif';

/** A layer over the page that no pointer meets, hidden until placed. */
function layer(className: string, style: Partial<CSSStyleDeclaration>, top = false): HTMLDivElement {
  const el = document.createElement('div');
  el.className = `studio-pick ${className}`;
  el.setAttribute('aria-hidden', 'true');
  Object.assign(el.style, {
    position: 'fixed',
    pointerEvents: 'none',
    // The drop's marks over the outlines.
    zIndex: top ? '2147483647' : '2147483646',
    boxSizing: 'border-box',
    display: 'none',
    ...style,
  });
  document.body.appendChild(el);
  return el;
}

function child<K extends keyof HTMLElementTagNameMap>(
  parent: HTMLElement,
  tag: K,
  style: Partial<CSSStyleDeclaration>,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  Object.assign(el.style, style);
  parent.appendChild(el);
  return el;
}

type Box = { top: number; left: number; width: number; height: number };

function show(el: HTMLElement, box: Box | null): boolean {
  if (!box) {
    el.style.display = 'none';
    return false;
  }
  Object.assign(el.style, {
    display: 'block',
    top: `${box.top}px`,
    left: `${box.left}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
  });
  return true;
}

/** A tag above the box, or inside its top when the box starts at the screen's top. */
const tagTop = (box: Box, height = 18) => (box.top < height ? '0' : `-${height}px`);

/** The hovered block's outline, with a tag naming its type. */
export function hoverOutline() {
  const el = layer('studio-pick-hover', { border: `2px dashed ${BLUE}` });
  const tag = child(el, 'span', {
    position: 'absolute',
    left: '-2px',
    font: FONT,
    padding: '0 4px',
    color: '#fff',
    background: BLUE,
    whiteSpace: 'nowrap',
  });
  return {
    place(box: Box | null, type: string) {
      if (!show(el, box)) return;
      tag.textContent = type;
      tag.style.top = tagTop(box!);
    },
  };
}

export interface ChipState {
  type: string;
  /** The selection may be dragged by its chip (a block written here, in pick mode). */
  draggable: boolean;
  /** The block around it, when there is one and picks are on: its type, shown to select it. */
  parentType: string | null;
}

/**
 * The selected block's outline and chip. The chip names its type; in pick mode it is the handle
 * that drags the block (⠿: a press on the block itself lands on its innermost child, so a
 * container its children fill is dragged from here), and names the block around it ("row ›"),
 * which a click selects: how the phone reaches a container its children fill.
 */
export function selectionOutline(handlers: { onGrab(e: PointerEvent): void; onParent(): void }) {
  const el = layer('studio-pick-selected', { border: `2px solid ${ORANGE}` });
  const chip = child(el, 'div', {
    position: 'absolute',
    left: '-2px',
    display: 'flex',
    font: CHIP_FONT,
    whiteSpace: 'nowrap',
    userSelect: 'none',
    pointerEvents: 'none',
  });
  // Not spans: the chip's one span is the type (what the studio's tests and people read).
  const parent = child(chip, 'i', {
    fontStyle: 'normal',
    padding: '0 5px',
    color: ORANGE,
    background: '#fff7f2',
    border: `1px solid ${ORANGE}`,
    borderRight: 'none',
    borderRadius: '3px 0 0 3px',
    lineHeight: '18px',
    cursor: 'pointer',
  });
  const handle = child(chip, 'div', {
    display: 'flex',
    color: '#fff',
    background: ORANGE,
    padding: '0 5px 0 4px',
  });
  const grip = child(handle, 'i', { fontStyle: 'normal', marginRight: '3px', letterSpacing: '-1px' });
  grip.textContent = '⠿';
  const tag = child(handle, 'span', {});
  handle.addEventListener('pointerdown', (e) => {
    if (handle.dataset.draggable !== 'true' || e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    handlers.onGrab(e);
  });
  parent.addEventListener('click', (e) => {
    e.preventDefault();
    e.stopPropagation();
    handlers.onParent();
  });
  return {
    place(box: Box | null, state: ChipState | null, dragging: boolean) {
      if (!show(el, box) || !state) return;
      tag.textContent = state.type;
      chip.style.top = tagTop(box!, 22);
      handle.dataset.draggable = String(state.draggable);
      grip.style.display = state.draggable ? '' : 'none';
      handle.style.cursor = state.draggable ? (dragging ? 'grabbing' : 'grab') : '';
      handle.title = state.draggable ? `Drag to move this ${state.type}` : '';
      parent.style.display = state.parentType ? '' : 'none';
      parent.textContent = `${state.parentType ?? ''} ›`;
      parent.title = state.parentType ? `Select the ${state.parentType} around it` : '';
      // Only what can be used meets the pointer (the rest of the chip lets a click reach the page);
      // while dragging, nothing (the drop looks under it).
      parent.style.pointerEvents = !dragging && state.parentType ? 'auto' : 'none';
      handle.style.pointerEvents = !dragging && state.draggable ? 'auto' : 'none';
    },
  };
}

/**
 * Where a dragged block would land: beside a block, a bar at its top or bottom edge; inside a
 * container, the container tinted with a bar at its inner top or bottom and a tag "into section:
 * first" (unlike the line between blocks, it says which block takes it).
 */
export function dropMarks() {
  const line = layer('studio-pick-drop', { height: '4px', borderRadius: '2px', background: BLUE }, true);
  const inside = layer(
    'studio-pick-inside',
    { border: `2px solid ${TEAL}`, background: 'rgba(15, 118, 110, 0.12)', borderRadius: '4px' },
    true,
  );
  const bar = child(inside, 'div', {
    position: 'absolute',
    left: '6px',
    right: '6px',
    height: '3px',
    borderRadius: '2px',
    background: TEAL,
  });
  const tag = child(inside, 'b', {
    position: 'absolute',
    right: '-2px',
    font: FONT,
    fontWeight: '600',
    padding: '0 5px',
    color: '#fff',
    background: TEAL,
    whiteSpace: 'nowrap',
  });
  return {
    hide() {
      line.style.display = 'none';
      inside.style.display = 'none';
    },
    place(box: Box, where: PhoneDrop, type: string) {
      if (where === 'before' || where === 'after') {
        inside.style.display = 'none';
        // Within the phone's screen: a line at its very top or bottom would be half off it.
        const y = where === 'before' ? box.top : box.top + box.height;
        show(line, {
          left: box.left,
          width: box.width,
          height: 4,
          top: Math.min(Math.max(0, y - 2), innerHeight - 4),
        });
        return;
      }
      line.style.display = 'none';
      show(inside, box);
      const first = where === 'inside-first';
      bar.style.top = first ? '4px' : '';
      bar.style.bottom = first ? '' : '4px';
      tag.textContent = `into ${type || 'block'}: ${first ? 'first' : 'last'}`;
      tag.style.top = tagTop(box);
    },
  };
}
