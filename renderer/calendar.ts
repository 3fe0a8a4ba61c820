// The lender's calendar (issue 27 item 4): every date a borrower sees and every day anything is
// counted in is a day in Manila, whatever the phone's or the server's own time zone, so one
// instant (a due date, a countdown's end) is the same day on every screen, in every place of a
// screen, and in the server's figures. This file is the one implementation of that rule: the
// app's date formats (src/host/format.ts), the language's date functions (expr/functions/manila.ts),
// the server's days (demo data, events, experiments) and the zone the studio shows all use it.
//
// Without a date library and without Intl: Asia/Manila has been UTC+08:00 all year since 1978 (no
// daylight saving time in the tz database since then), so Manila's wall clock is UTC shifted by 8
// hours (OFFSET_MS) and every calendar rule is exact in UTC arithmetic. Intl with a timeZone costs
// bytes and time, and old webviews built with small ICU data may not know the zone at all. A
// moment is epoch milliseconds. Only what the app's formats need is here (it is in the borrower's
// first screen); the language's wall time, patterns and arithmetic are in expr/functions/manila.ts.

/** The lender's zone, by name (for Intl in the studio, where every browser knows it). */
export const LENDER_TIME_ZONE = 'Asia/Manila';
export const OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

/** Years 1000–9999 only: four-digit text both ways, and no two-digit-year surprises of Date.UTC. */
const FIRST = Date.UTC(1000, 0, 1) - OFFSET_MS;
const AFTER_LAST = Date.UTC(10000, 0, 1) - OFFSET_MS;

/** The moment, when its Manila year is within 1000–9999. */
export const valid = (ms: number | undefined) =>
  ms !== undefined && ms >= FIRST && ms < AFTER_LAST ? ms : undefined;

/** A moment's Manila wall time as ISO text without a zone ("2026-12-15T23:30:00.000Z" minus the Z). */
const shifted = (ms: number) => new Date(ms + OFFSET_MS).toISOString();

/** The moment a Manila wall time stands for; undefined when a part is out of range (30 February). */
export function fromWall(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number | undefined {
  const ms = valid(Date.UTC(y, mo - 1, d, h, mi, s) - OFFSET_MS);
  if (ms === undefined) return undefined;
  // Date.UTC rolls an impossible part over (30 February is 2 March): such a time does not exist.
  const back = shifted(ms).split(/\D/);
  return [y, mo, d, h, mi, s].every((part, i) => part === +back[i]!) ? ms : undefined;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|([+-])(\d{2}):?(\d{2}))?$/i;

function parseIso(text: string): number | undefined {
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone, sign, zh = '0', zm = '0'] = m;
  const local = fromWall(+y!, +mo!, +d!, +h, +mi, +s);
  if (local === undefined || +zh > 14 || +zm > 59) return undefined;
  const ms = local + +`${frac}00`.slice(0, 3);
  // No zone: Manila time. Z or an offset: that zone's wall time.
  return zone ? valid(ms + OFFSET_MS - (sign === '-' ? -1 : 1) * (+zh * 60 + +zm) * 60_000) : ms;
}

/**
 * A moment from what servers send (rulings 7): ISO text (a date or time without a zone is Manila
 * time), or Unix time as a number or integer text (seconds; milliseconds from 11 digits on).
 * Undefined for anything else, an impossible date included.
 */
export function parseMoment(value: unknown): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return valid(Math.abs(value) >= 1e11 ? value : value * 1000);
  }
  if (typeof value !== 'string') return undefined;
  if (/^\s*[+-]?\d+\s*$/.test(value)) return parseMoment(Number(value));
  return parseIso(value);
}

/** The Manila day of a moment as the app shows dates (spec §9): `YYYY-MM-DD`. */
export const dayText = (ms: number) => shifted(ms).slice(0, 10);

/** The Manila date and time of a moment as the app shows them (spec §9): `YYYY-MM-DD HH:MM:SS`. */
export const dayTimeText = (ms: number) => shifted(ms).slice(0, 19).replace('T', ' ');
