// A tap on a page the server drew, before its code has run (issue 26). The server writes
// EARLY_TAPS_SCRIPT inline at the top of a drawn page (allowed by the page CSP by its hash, never
// by 'unsafe-inline'), so a tap is kept from the first paint on, a round trip before the entry's
// own code arrives; the entry (src/app/earlyTaps.ts) takes the kept tap over and gives it again
// once React owns the page. The rule lives here alone: what counts as a tap on a control, and that
// its default is held (a link not followed, a box not ticked) until it is given again.

/** What can be tapped in a drawn page. */
export const TAPPABLE =
  'button, a[href], summary, input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"], [role="link"], [role="checkbox"]';

/** The window property the inline keeper leaves for the entry. */
export const EARLY_TAPS_GLOBAL = '__lenderEarlyTaps';

/** What the inline keeper leaves on the window. */
export interface KeptTaps {
  /** The last tap on a control of #root, with Date.now() when it was made. */
  kept: { target: HTMLElement; at: number } | null;
  /** Stops keeping (hydration starts). */
  stop(): void;
}

/**
 * The keeper, as the page runs it: old ES, no module, no dependency, a few hundred bytes. It
 * listens on the document (it runs in <head>, before #root exists) and keeps only taps inside
 * #root. Text fields take their focus and typing without React: only what acts is kept.
 */
export const EARLY_TAPS_SCRIPT =
  `(function(w,d){if(w[${JSON.stringify(EARLY_TAPS_GLOBAL)}])return;` +
  `var s={kept:null,stop:null};` +
  `function keep(e){var r=d.getElementById("root");var t=e.target;` +
  `t=t&&t.closest?t.closest(${JSON.stringify(TAPPABLE)}):null;` +
  `if(!r||!t||!r.contains(t))return;e.preventDefault();s.kept={target:t,at:Date.now()}}` +
  `d.addEventListener("click",keep,true);` +
  `s.stop=function(){d.removeEventListener("click",keep,true)};` +
  `w[${JSON.stringify(EARLY_TAPS_GLOBAL)}]=s})(window,document)`;
