// A page the server drew (issue 26) shows its buttons before its React part has arrived and
// hydrated them: a tap then reached no handler and was lost, and on a slow phone the borrower
// tapped REPAY and nothing happened. From the entry's first run until hydration starts, the last
// tap on a control of the drawn page is kept (its default action held: a link is not followed, a
// box not ticked) and, once React owns the page, given again to the same element, which hydration
// keeps. Taps from hydrateRoot on are React's own to replay. No React here: the entry runs it.

/** What can be tapped in a drawn page. */
const CONTROL =
  'button, a[href], summary, input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"], [role="link"], [role="checkbox"]';
/** A tap kept longer than this is not given again: the borrower has moved on. */
export const KEPT_FOR_MS = 10_000;
/** On #root while taps are kept: says so in the DOM (support, tests). */
export const KEEPING_ATTRIBUTE = 'data-early-taps';

export interface EarlyTaps {
  /** Stops keeping taps (hydration starts); returns what gives the kept tap again once hydrated. */
  stop(): () => void;
}

/** Keeps taps on `root`'s drawn page; null when the page has nothing drawn (the phone draws it). */
export function keepEarlyTaps(root: HTMLElement | null, now: () => number = Date.now): EarlyTaps | null {
  if (!root?.firstElementChild) return null;
  let kept: { target: HTMLElement; at: number } | null = null;
  const keep = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROL) : null;
    // Text fields take their focus and typing without React: only what acts is kept. (A label's
    // click reaches its box as a click of its own.)
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    kept = { target, at: now() };
  };
  root.addEventListener('click', keep, true);
  root.setAttribute(KEEPING_ATTRIBUTE, '');
  return {
    stop() {
      root.removeEventListener('click', keep, true);
      root.removeAttribute(KEEPING_ATTRIBUTE);
      let tap = kept;
      kept = null;
      return () => {
        const given = tap;
        tap = null;
        if (given && given.target.isConnected && now() - given.at <= KEPT_FOR_MS) given.target.click();
      };
    },
  };
}
