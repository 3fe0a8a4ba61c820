// A page the server drew (issue 26) shows its buttons before its React part has arrived and
// hydrated them: a tap then reached no handler and was lost, and on a slow phone the borrower
// tapped REPAY and nothing happened. The page's inline keeper (src/wire/earlyTaps.ts, written by
// the server) keeps the last tap on a control from the first paint on, its default action held;
// the entry takes it over here and, once React owns the page, gives it again to the same element,
// which hydration keeps. Taps from hydrateRoot on are React's own to replay. No React here: the
// entry runs it. Where the keeper did not run (a webview without CSP hashes), taps before
// hydration are lost, as they were before it.
import { EARLY_TAPS_GLOBAL, type KeptTaps } from '../wire/earlyTaps';

/** A tap kept longer than this is not given again: the borrower has moved on. */
export const KEPT_FOR_MS = 10_000;
/** On #root while taps are kept and the entry has run: says so in the DOM (support, tests). */
export const KEEPING_ATTRIBUTE = 'data-early-taps';

export interface EarlyTaps {
  /** Stops keeping taps (hydration starts); returns what gives the kept tap again once hydrated. */
  stop(): () => void;
}

/** Takes over the taps kept on `root`'s drawn page; null when nothing is drawn or kept. */
export function keepEarlyTaps(root: HTMLElement | null): EarlyTaps | null {
  const keeper = (window as unknown as Record<string, KeptTaps | undefined>)[EARLY_TAPS_GLOBAL];
  if (!keeper) return null;
  if (!root?.firstElementChild) {
    // The phone draws this page: nothing of it can be tapped before its code.
    keeper.stop();
    return null;
  }
  root.setAttribute(KEEPING_ATTRIBUTE, '');
  return {
    stop() {
      keeper.stop();
      root.removeAttribute(KEEPING_ATTRIBUTE);
      let tap = keeper.kept;
      keeper.kept = null;
      return () => {
        const given = tap;
        tap = null;
        if (given && given.target.isConnected && Date.now() - given.at <= KEPT_FOR_MS) given.target.click();
      };
    },
  };
}
