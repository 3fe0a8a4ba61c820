// Text functions (schemas/functions/text.schema.json). Arguments arrive as text (typed.ts).
import type { Impl } from './typed';

const MAX_PAD = 1000;
/** Longer results are refused (missing): a replace could otherwise grow a text a thousandfold. */
const MAX_TEXT = 100_000;

const s = (v: unknown) => v as string;

function pad(atStart: boolean): Impl {
  return ([value, length, fill]) => {
    const target = Math.max(0, Math.min(MAX_PAD, length as number));
    const with_ = fill === undefined ? ' ' : s(fill);
    return atStart ? s(value).padStart(target, with_) : s(value).padEnd(target, with_);
  };
}

const text = {
  upper: ([value]) => s(value).toUpperCase(),
  lower: ([value]) => s(value).toLowerCase(),
  trim: ([value]) => s(value).trim(),
  padStart: pad(true),
  padEnd: pad(false),
  replace: ([value, find, by]) => {
    if (s(find) === '') return value;
    const out = s(value).split(s(find)).join(s(by));
    return out.length > MAX_TEXT ? undefined : out;
  },
  contains: ([value, part]) => s(value).includes(s(part)),
} satisfies Record<string, Impl>;

export default text;
