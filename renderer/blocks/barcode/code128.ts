// CODE128 bars of a text, as runs of dark modules: [start, width] pairs on a module grid.
// A named import: the module is CommonJS, and a default import means a different thing to
// Node (module.exports) than to its own Babel build (exports.default).
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';

export interface Bars {
  /** Width of the whole symbol in modules (quiet zones excluded). */
  modules: number;
  runs: [number, number][];
}

/** Null when the text cannot be encoded (empty, or characters outside ASCII). */
export function code128(text: string): Bars | null {
  if (!text) return null;
  const encoder = new CODE128(text, {});
  if (!encoder.valid()) return null;
  const bits = encoder.encode().data;
  const runs: [number, number][] = [];
  for (const m of bits.matchAll(/1+/g)) runs.push([m.index, m[0].length]);
  return { modules: bits.length, runs };
}
