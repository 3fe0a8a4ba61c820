// Arithmetic, rounding, smallest and largest (schemas/functions/numbers.schema.json).
import { asNumber } from '../values';
import type { Impl } from './typed';

const num = (v: unknown) => v as number;

// Shifts the decimal point by `by` places through the number's own decimal text, so 1.005
// rounds to 1.01 as written rather than to 1.00 as its binary value would.
function shift(value: number, by: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + by}`);
}

function rounder(step: (x: number) => number): Impl {
  return ([value, digits]) => {
    const d = Math.max(-10, Math.min(10, digits === undefined ? 0 : num(digits)));
    return shift(step(shift(num(value), d)), -d);
  };
}

// Lists give their items; what is not a number inside a list is left out.
function numbersOf(args: unknown[]): number[] {
  const out: number[] = [];
  for (const arg of args) {
    if (Array.isArray(arg)) {
      for (const item of arg) {
        const n = asNumber(item);
        if (n !== undefined) out.push(n);
      }
    } else if (typeof arg === 'number') out.push(arg);
  }
  return out;
}

const numbers = {
  '*': ([a, b]) => num(a) * num(b),
  '/': ([a, b]) => (num(b) === 0 ? undefined : num(a) / num(b)),
  '%': ([a, b]) => (num(b) === 0 ? undefined : num(a) % num(b)),
  round: rounder((x) => Math.sign(x) * Math.round(Math.abs(x))),
  floor: rounder(Math.floor),
  ceil: rounder(Math.ceil),
  abs: ([value]) => Math.abs(num(value)),
  min: (args) => {
    const all = numbersOf(args);
    return all.length === 0 ? undefined : Math.min(...all);
  },
  max: (args) => {
    const all = numbersOf(args);
    return all.length === 0 ? undefined : Math.max(...all);
  },
  clamp: ([value, low, high]) => Math.min(Math.max(num(value), num(low)), num(high)),
  toNumber: ([value]) => asNumber(value),
} satisfies Record<string, Impl>;

export default numbers;
