// A tap on a page the server drew, before its React part has hydrated it (src/app/earlyTaps.ts):
// kept, its default held, and given again to the same element once hydrated. Before, it reached no
// handler and was lost (issue 26: the bench's "answers a tap" is when hydration ends).
import { afterEach, describe, expect, it } from 'vitest';
import { KEEPING_ATTRIBUTE, KEPT_FOR_MS, keepEarlyTaps } from '../../../src/app/earlyTaps';

function drawnPage(): {
  root: HTMLElement;
  repay: HTMLButtonElement;
  link: HTMLAnchorElement;
  field: HTMLInputElement;
} {
  document.body.innerHTML =
    '<div id="root"><main><input id="phone"><a href="/privacy">Privacy</a><button><span>REPAY</span></button></main></div>';
  return {
    root: document.getElementById('root')!,
    repay: document.querySelector('button')!,
    link: document.querySelector('a')!,
    field: document.querySelector('input')!,
  };
}

/** What React's handler would do once hydrated: count the taps that reach it. */
function handled(element: HTMLElement): { taps: number } {
  const seen = { taps: 0 };
  element.addEventListener('click', () => seen.taps++);
  return seen;
}

describe('taps before hydration', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('the last tap on a control is held, then given again to the same element once hydrated', () => {
    const { root, repay, link } = drawnPage();
    const taps = keepEarlyTaps(root)!;
    expect(root.hasAttribute(KEEPING_ATTRIBUTE)).toBe(true);
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(first);
    // A link is not followed before the page can follow it its own way.
    expect(first.defaultPrevented).toBe(true);
    repay.querySelector('span')!.click();
    const replay = taps.stop();
    expect(root.hasAttribute(KEEPING_ATTRIBUTE)).toBe(false);
    const onRepay = handled(repay);
    const onLink = handled(link);
    replay();
    expect(onRepay.taps).toBe(1);
    expect(onLink.taps).toBe(0);
    // Once only: a second replay, or a tap after stop, is not kept.
    replay();
    expect(onRepay.taps).toBe(1);
  });

  it('a text field keeps its own focus and typing; a tap long ago or on an element gone is not given again', () => {
    let clock = 0;
    const { root, repay, field } = drawnPage();
    const taps = keepEarlyTaps(root, () => clock)!;
    const onField = new MouseEvent('click', { bubbles: true, cancelable: true });
    field.dispatchEvent(onField);
    expect(onField.defaultPrevented).toBe(false);
    repay.click();
    clock = KEPT_FOR_MS + 1;
    const onRepay = handled(repay);
    taps.stop()();
    expect(onRepay.taps).toBe(0);

    const again = drawnPage();
    const kept = keepEarlyTaps(again.root)!;
    again.repay.click();
    const replay = kept.stop();
    again.repay.remove();
    expect(() => replay()).not.toThrow();
  });

  it('a page with nothing drawn keeps nothing', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(keepEarlyTaps(document.getElementById('root'))).toBeNull();
    expect(keepEarlyTaps(null)).toBeNull();
  });
});
