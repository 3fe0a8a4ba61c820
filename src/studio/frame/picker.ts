// Picking blocks in the studio's phone (issue 25 item 1): hovering outlines a block and names its
// type, a click selects it instead of running it, and the studio's selection is outlined. Drag and
// drop (item 4): a block dragged onto another lands before, after or inside it, as the studio's
// structure rules allow (its `studio:structure`). Blocks are found as findBlocks.ts says; what is
// drawn over the page is overlays.ts's. Studio frame only.
import type { PhoneDrop } from '../shared/protocol';
import { dropPlace } from './dropPlace';
import { blockAt, boxOf, parentBlock, type Picked } from './findBlocks';
import { dropMarks, hoverOutline, selectionOutline } from './overlays';

export type { Picked } from './findBlocks';

/** A press must move this far (CSS px) before it is a drag: a click's jitter is not one. */
const DRAG_AFTER_PX = 6;

export interface Picker {
  /** In pick mode a click selects the block and does not run it. */
  setPicking(on: boolean): void;
  /** Outlines the studio's selection (null: none). */
  select(path: string | null, type?: string): void;
  /** What may be dragged (and dropped beside) and what takes blocks inside, by the phone's places. */
  setTargets(targets: { movable: readonly string[]; containers: readonly string[] }): void;
  /** Redraws the outlines (the page changed or scrolled). */
  refresh(): void;
}

/** The first element under the point that is the page's (the studio's marks are not). */
function pageElementAt(x: number, y: number): Element | null {
  return document.elementsFromPoint(x, y).find((el) => !el.closest('.studio-pick')) ?? null;
}

export function createPicker(
  onPick: (picked: Picked) => void,
  onEdit: (picked: Picked, element: Element) => void,
  /** A block dragged onto another in pick mode (issue 25 item 4: drag and drop in the phone). */
  onMove: (from: Picked, to: Picked, where: PhoneDrop) => void = () => undefined,
): Picker {
  let picking = false;
  let hovered: Picked | null = null;
  let current: Picked | null = null;
  // The block around the selection, looked up again when the page or the selection changes (not
  // for each hover: it walks the whole page).
  let parent: { of: string; is: Picked | null } | null = null;
  // Nothing is dragged until the studio says what may be (a read-only studio says nothing).
  let movable = new Set<string>();
  let containers = new Set<string>();
  // A press on a block in pick mode, a drag once it has moved, and where it would land.
  let press: { at: Picked; x: number; y: number; dragging: boolean } | null = null;
  let drop: { to: Picked; where: PhoneDrop } | null = null;
  // The click that ends a drag is not a pick.
  let swallowClick = false;

  const hover = hoverOutline();
  const marks = dropMarks();
  const selected = selectionOutline({
    // The chip drags the selected block itself: a container its children fill has no other place
    // a press lands on it.
    onGrab(e) {
      if (!picking || !current) return;
      press = { at: current, x: e.clientX, y: e.clientY, dragging: false };
    },
    onParent() {
      if (picking && parent?.is) onPick(parent.is);
    },
  });

  const endDrag = () => {
    press = null;
    drop = null;
    marks.hide();
    document.documentElement.style.cursor = '';
  };

  /** Where a drag would land on the block under the pointer, as the studio's rules allow. */
  const dropAt = (x: number, y: number): { to: Picked; where: PhoneDrop; box: DOMRect } | null => {
    if (!press) return null;
    const to = blockAt(pageElementAt(x, y));
    const from = press.at.path;
    // Not on the dragged block nor inside it; on a block around it, only inside (to its start or end).
    if (!to || to.path === from || to.path.startsWith(`${from}/`)) return null;
    const around = from.startsWith(`${to.path}/`);
    const box = boxOf(to.path);
    if (!box) return null;
    const where = dropPlace(box, y, {
      beside: !around && movable.has(to.path),
      inside: containers.has(to.path),
    });
    return where && { to, where, box };
  };

  const draw = () => {
    const dragging = press?.dragging === true;
    hover.place(
      picking && !dragging && hovered && hovered.path !== current?.path ? boxOf(hovered.path) : null,
      hovered?.type ?? '',
    );
    if (picking && current && parent?.of !== current.path)
      parent = { of: current.path, is: parentBlock(current.path) };
    const around = picking ? (parent?.is ?? null) : null;
    selected.place(
      current ? boxOf(current.path) : null,
      current && {
        type: current.type,
        draggable: picking && movable.has(current.path),
        parentType: around ? around.type || 'block' : null,
      },
      dragging,
    );
  };
  const refresh = () => {
    parent = null;
    draw();
  };

  window.addEventListener(
    'mousemove',
    (e) => {
      if (!picking) return;
      const at = blockAt(e.target as Element);
      if (at?.path === hovered?.path) return;
      hovered = at;
      draw();
    },
    true,
  );
  document.addEventListener('mouseleave', () => {
    hovered = null;
    draw();
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
        if (type === 'pointerdown' && (e as PointerEvent).button === 0 && movable.has(at.path)) {
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

  // Drag a block onto another: a mark shows where it lands (a line before or after it, or the
  // container it goes in), and letting go there moves it, as the outline's drag and drop does;
  // Escape or letting go where no mark shows drops nothing.
  window.addEventListener(
    'pointermove',
    (e) => {
      if (!picking || !press) return;
      if (!press.dragging && Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_AFTER_PX) return;
      if (!press.dragging) {
        press.dragging = true;
        document.documentElement.style.cursor = 'grabbing';
        draw();
      }
      const target = dropAt(e.clientX, e.clientY);
      drop = target && { to: target.to, where: target.where };
      if (target) marks.place(target.box, target.where, target.to.type);
      else marks.hide();
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
      refresh();
    },
    true,
  );
  window.addEventListener(
    'pointercancel',
    () => {
      endDrag();
      refresh();
    },
    true,
  );
  window.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape' && press?.dragging) {
        swallowClick = true;
        endDrag();
        refresh();
      }
    },
    true,
  );
  window.addEventListener('scroll', draw, true);
  window.addEventListener('resize', draw);

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
    setTargets(targets) {
      movable = new Set(targets.movable);
      containers = new Set(targets.containers);
      refresh();
    },
    refresh,
  };
}
