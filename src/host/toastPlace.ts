// Where a toast goes (issue 16 item 13): near the bottom as usual (18% up), but never over
// something the borrower must tap that stays put on the screen: the controls of a sticky bottom bar
// (`.s-sticky-bottom`, the engine's sticky style) and of an open popup (a dialog). Toasts ignore
// taps (pointer-events: none), so this is about what the borrower can see.

/** Where the controls a toast must not cover live. */
export const KEEP_CLEAR = '.s-sticky-bottom, [role="dialog"]';
const CONTROLS =
  'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="radio"]';
/** Distance kept from a control, and from the screen's top edge. */
export const TOAST_GAP = 8;
/** The usual place: this share of the screen's height above its bottom edge. */
export const TOAST_BOTTOM_SHARE = 0.18;

export interface Band {
  top: number;
  bottom: number;
}

/**
 * The `bottom` offset (px) for a toast stack of `height` px on a screen `viewport` px high, given
 * the vertical bands of the controls to keep clear: the usual place when it is clear, else the
 * clear place nearest to it (just above or below a control), else the top of the screen.
 */
export function toastBottom(viewport: number, height: number, keepClear: readonly Band[]): number {
  const usual = Math.round(viewport * TOAST_BOTTOM_SHARE);
  const clear = (bottom: number) => {
    const top = viewport - bottom - height;
    if (top < TOAST_GAP || bottom < 0) return false;
    return keepClear.every((b) => b.bottom <= top || b.top >= viewport - bottom);
  };
  if (clear(usual)) return usual;
  const candidates = keepClear
    .flatMap((b) => [viewport - b.top + TOAST_GAP, viewport - b.bottom - height - TOAST_GAP])
    .filter(clear)
    .sort((a, b) => Math.abs(a - usual) - Math.abs(b - usual));
  return candidates[0] ?? Math.max(0, viewport - height - TOAST_GAP);
}

/** The bands of the visible controls to keep clear, read from the page. */
export function keepClearBands(doc: Document): Band[] {
  const bands: Band[] = [];
  for (const layer of doc.querySelectorAll(KEEP_CLEAR)) {
    for (const control of layer.querySelectorAll(CONTROLS)) {
      const r = control.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) bands.push({ top: r.top, bottom: r.bottom });
    }
  }
  return bands;
}
