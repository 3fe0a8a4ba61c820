// Long lists of choices drawn when they can be used (issue 25 speed, "Issue 25 speed: the panel's
// long lists" in docs/decisions.md). A binding's select and a condition's suggestions list every
// path the screen can read (100 and more), and a button's panel holds several: about half of the
// elements a selection drew. Closed, a select shows only its value; a datalist shows nothing. So a
// new list first holds its value alone, and is filled:
// - at once when it is about to be used: focus (Tab, a click, a screen reader moving to it) or a
//   pointer press (the mouse opens a select on its press, after this handler has filled it);
// - otherwise at the first idle moment after the panel is drawn (a few at a time, while the idle
//   moment lasts), so that a moment later every list is whole for whatever reads the page
//   (a script choosing an option without opening the list, an assistive tool's browse mode).
// A list kept by React across selections (same field, same block type) stays filled.
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

interface Deadline {
  timeRemaining(): number;
  readonly didTimeout: boolean;
}

/** The lists waiting to be filled, each its filler. */
const waiting = new Set<() => void>();
let scheduled = false;

/** At the latest this long after the panel is drawn, on a busy page. */
const LATEST_MS = 500;

function whenIdle(run: (deadline: Deadline) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: LATEST_MS });
  // (jsdom has no idle callbacks)
  else setTimeout(() => run({ timeRemaining: () => 50, didTimeout: false }), 1);
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  whenIdle((deadline) => {
    scheduled = false;
    for (const fill of waiting) {
      waiting.delete(fill);
      // Drawn now, so the time left is the time left after it.
      flushSync(fill);
      if (!deadline.didTimeout && deadline.timeRemaining() < 2) break;
    }
    if (waiting.size > 0) schedule();
  });
}

/**
 * Whether a long list is to be drawn whole (`full`), and `fill`, which draws it whole at once:
 * the list's control calls it on focus and on a pointer press.
 */
export function useLongList(): { full: boolean; fill(): void } {
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (full) return;
    const fill = () => setFull(true);
    waiting.add(fill);
    schedule();
    return () => {
      waiting.delete(fill);
    };
  }, [full]);
  return {
    full,
    fill: () => {
      if (!full) flushSync(() => setFull(true));
    },
  };
}
