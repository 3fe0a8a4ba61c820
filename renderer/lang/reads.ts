// What an expression read, so it is worked out again only when one of those values has moved:
// the same idea as a block's redraw tracking (renderer/hooks.ts), for computed values and triggers.
import type { ReadListener, Scope } from '../expr/evaluate';
import { readPath } from '../expr/path';
import { CLOCK_READ } from '../expr/functions/dates';

export interface Reads {
  found: Map<string, unknown>;
  /** It read the clock (now()): a new state always counts as a change. */
  clock: boolean;
}

export function recorder(): { reads: Reads; onRead: ReadListener } {
  const reads: Reads = { found: new Map(), clock: false };
  return {
    reads,
    onRead: (path, value) => {
      if (path === CLOCK_READ) reads.clock = true;
      else reads.found.set(path, value);
    },
  };
}

export function moved(reads: Reads, scope: Scope): boolean {
  if (reads.clock) return true;
  for (const [path, seen] of reads.found) if (!Object.is(readPath(scope, path), seen)) return true;
  return false;
}
