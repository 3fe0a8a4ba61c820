// A tap on a page the server drew, before its React part has hydrated it: kept by the page's inline
// keeper from the first paint (src/wire/earlyTaps.ts), its default held, taken over by the entry
// (src/app/earlyTaps.ts) and given again to the same element once hydrated. Before, it reached no
// handler and was lost (issue 26: the bench's "answers a tap" is when hydration ends); before the
// keeper was inline, a tap before the entry's first chunk ran was lost too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEPING_ATTRIBUTE, KEPT_FOR_MS, keepEarlyTaps } from '../../../src/app/earlyTaps';
import { EARLY_TAPS_GLOBAL, EARLY_TAPS_SCRIPT } from '../../../src/wire/earlyTaps';

/** The page's inline script, run as the page runs it (in <head>, before #root exists). */
function runKeeper(): void {
  const script = document.createElement('script');
  script.textContent = EARLY_TAPS_SCRIPT;
  // jsdom runs no script: the test runs the same text in this window's global scope.
  // eslint-disable-next-line no-eval
  (0, eval)(script.textContent);
}

function drawnPage(): {
  root: HTMLElement;
  repay: HTMLButtonElement;
  link: HTMLAnchorElement;
  field: HTMLInputElement;
} {
  document.body.innerHTML =
    '<p id="outside"><button>Outside</button></p><div id="root"><main><input id="phone"><a href="/privacy">Privacy</a><button><span>REPAY</span></button></main></div>';
  return {
    root: document.getElementById('root')!,
    repay: document.querySelector('#root button')!,
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
    (window as unknown as Record<string, { stop(): void } | undefined>)[EARLY_TAPS_GLOBAL]?.stop();
    delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('a tap before the entry has run is kept, then given again to the same element once hydrated', () => {
    runKeeper();
    const { root, repay, link } = drawnPage();
    // Before the entry: the keeper alone.
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(first);
    // A link is not followed before the page can follow it its own way.
    expect(first.defaultPrevented).toBe(true);
    repay.querySelector('span')!.click();
    // The entry takes over.
    const taps = keepEarlyTaps(root)!;
    expect(root.hasAttribute(KEEPING_ATTRIBUTE)).toBe(true);
    const replay = taps.stop();
    expect(root.hasAttribute(KEEPING_ATTRIBUTE)).toBe(false);
    const onRepay = handled(repay);
    const onLink = handled(link);
    replay();
    expect(onRepay.taps).toBe(1);
    expect(onLink.taps).toBe(0);
    // Once only: a second replay is nothing, and a tap after stop is not held.
    replay();
    expect(onRepay.taps).toBe(1);
    const late = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(late);
    expect(late.defaultPrevented).toBe(false);
  });

  it('the last tap wins; taps outside #root and on text fields are left alone', () => {
    runKeeper();
    const { root, repay, link, field } = drawnPage();
    const onField = new MouseEvent('click', { bubbles: true, cancelable: true });
    field.dispatchEvent(onField);
    expect(onField.defaultPrevented).toBe(false);
    const outside = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('#outside button')!.dispatchEvent(outside);
    expect(outside.defaultPrevented).toBe(false);
    repay.click();
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const replay = keepEarlyTaps(root)!.stop();
    const onRepay = handled(repay);
    const onLink = handled(link);
    replay();
    expect([onRepay.taps, onLink.taps]).toEqual([0, 1]);
  });

  it('a tap long ago or on an element gone is not given again', () => {
    vi.useFakeTimers();
    runKeeper();
    const { root, repay } = drawnPage();
    repay.click();
    const taps = keepEarlyTaps(root)!;
    vi.advanceTimersByTime(KEPT_FOR_MS + 1);
    const onRepay = handled(repay);
    taps.stop()();
    expect(onRepay.taps).toBe(0);

    const again = drawnPage();
    again.repay.click();
    const replay = keepEarlyTaps(again.root)!.stop();
    again.repay.remove();
    expect(() => replay()).not.toThrow();
  });

  it('a page with nothing drawn keeps nothing, and the keeper stops; no keeper (CSP without hashes): nothing kept', () => {
    runKeeper();
    document.body.innerHTML = '<div id="root"></div>';
    expect(keepEarlyTaps(document.getElementById('root'))).toBeNull();
    document.body.innerHTML = '<div id="root"><button>Go</button></div>';
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')!.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
    expect(keepEarlyTaps(document.getElementById('root'))).toBeNull();
    expect(keepEarlyTaps(null)).toBeNull();
  });
});
