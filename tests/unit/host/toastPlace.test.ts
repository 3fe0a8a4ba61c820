// Where a toast goes (issue 16 item 13): the usual place unless a control must stay visible there.
import { describe, expect, it } from 'vitest';
import { TOAST_GAP, toastBottom } from '../../../src/host/toastPlace';

const VH = 667;
const USUAL = Math.round(VH * 0.18);

describe('toastBottom', () => {
  it('nothing to keep clear: 18% above the bottom, as before', () => {
    expect(toastBottom(VH, 40, [])).toBe(USUAL);
  });

  it('a short sticky button under the usual place: unchanged', () => {
    expect(toastBottom(VH, 40, [{ top: 611, bottom: 655 }])).toBe(USUAL);
  });

  it('a tall sticky bar (REPAY + Rollover) reaching the usual place: the toast sits just above it', () => {
    const bottom = toastBottom(VH, 40, [
      { top: 520, bottom: 564 },
      { top: 600, bottom: 644 },
    ]);
    expect(bottom).toBe(VH - 520 + TOAST_GAP);
  });

  it('a popup button at the usual place: just above or below it, whichever is nearer', () => {
    // Above: 35 px from the usual place; below: 61 px.
    expect(toastBottom(VH, 40, [{ top: 520, bottom: 560 }])).toBe(VH - 520 + TOAST_GAP);
    // Above: 75 px; below: 21 px.
    expect(toastBottom(VH, 40, [{ top: 480, bottom: 520 }])).toBe(VH - 520 - 40 - TOAST_GAP);
  });

  it('no clear place between controls: the top of the screen', () => {
    const bands = Array.from({ length: 12 }, (_, i) => ({ top: 30 + i * 52, bottom: 78 + i * 52 }));
    expect(toastBottom(VH, 40, bands)).toBe(VH - 40 - TOAST_GAP);
  });
});
