// Dates in Manila (schemas/functions/dates.schema.json); the calendar rules live in manila.ts.
// Date arguments arrive as epoch milliseconds and date results leave as such (typed.ts converts).
import type { Impl } from './typed';
import { addTo, diff, formatDate, parseDate, partOf, startOf } from './manila';

/** The path now() reports as read: whatever read the clock is out of date after any change. */
export const CLOCK_READ = 'now()';

const ms = (v: unknown) => v as number;
const text = (v: unknown) => v as string;

const dates = {
  // Whole seconds: a date value is written to the second, and dateDiff then counts exactly.
  now: (_args, env) => {
    const t = Math.floor((env.now ?? Date.now)() / 1000) * 1000;
    env.onRead?.(CLOCK_READ, t);
    return t;
  },
  date: ([value, pattern]) => parseDate(value, pattern as string | undefined),
  formatDate: ([date, pattern]) => formatDate(ms(date), text(pattern)),
  dateAdd: ([date, amount, unit]) => addTo(ms(date), amount as number, text(unit)),
  dateDiff: ([from, to, unit]) => diff(ms(from), ms(to), text(unit)),
  startOf: ([date, unit]) => startOf(ms(date), text(unit)),
  datePart: ([date, part]) => partOf(ms(date), text(part)),
} satisfies Record<string, Impl>;

export default dates;
