// The language's calendar functions (wall time and its parts, pattern parsing and formatting,
// arithmetic), in Manila time. The rule itself (Manila is UTC+08:00 all year, the ISO and Unix
// readings, the moment a wall time stands for) is ../../calendar.ts, which the app's date formats
// and the server use too: one calendar, so a date shown by a function and by the app's `date`
// format is the same day. What only the functions need is here, in their lazy chunk: the first
// screen's code carries only what the app's formats use.
import { DAY_MS, fromWall, OFFSET_MS, parseMoment, valid } from '../../calendar';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export interface WallTime {
  y: number;
  /** 1–12 */
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  /** 1 (Monday) – 7 (Sunday) */
  wd: number;
}

export function wall(ms: number): WallTime {
  const t = new Date(ms + OFFSET_MS);
  return {
    y: t.getUTCFullYear(),
    mo: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    h: t.getUTCHours(),
    mi: t.getUTCMinutes(),
    s: t.getUTCSeconds(),
    wd: ((t.getUTCDay() + 6) % 7) + 1,
  };
}

/** Whole Manila days since 1970-01-01: two moments on the same Manila day have the same number. */
export const dayNumber = (ms: number) => Math.floor((ms + OFFSET_MS) / DAY_MS);

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(y: number, mo: number): number {
  return mo === 2 && isLeap(y) ? 29 : MONTH_DAYS[mo - 1]!;
}

const PATTERN_TOKEN = /YYYY|MM|M|DD|D|HH|H|mm|ss/g;
const TOKEN_DIGITS: Record<string, string> = {
  YYYY: '(\\d{4})',
  MM: '(\\d{2})',
  M: '(\\d{1,2})',
  DD: '(\\d{2})',
  D: '(\\d{1,2})',
  HH: '(\\d{2})',
  H: '(\\d{1,2})',
  mm: '(\\d{2})',
  ss: '(\\d{2})',
};
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Text in a pattern such as DD/MM/YYYY, in Manila time. The pattern is escaped, never run as one. */
function parsePattern(text: string, pattern: string): number | undefined {
  const order: string[] = [];
  let source = '';
  let last = 0;
  for (const m of pattern.matchAll(PATTERN_TOKEN)) {
    source += escapeRe(pattern.slice(last, m.index)) + TOKEN_DIGITS[m[0]]!;
    order.push(m[0]);
    last = m.index! + m[0].length;
  }
  source += escapeRe(pattern.slice(last));
  const m = new RegExp(`^${source}$`).exec(text.trim());
  if (!m) return undefined;
  const part = (names: string[], fallback: number) => {
    const i = order.findIndex((t) => names.includes(t));
    return i < 0 ? fallback : Number(m[i + 1]);
  };
  return fromWall(
    part(['YYYY'], NaN),
    part(['MM', 'M'], NaN),
    part(['DD', 'D'], NaN),
    part(['HH', 'H'], 0),
    part(['mm'], 0),
    part(['ss'], 0),
  );
}

/**
 * A moment from what documents and servers hold: ISO text (no zone means Manila time), Unix time
 * as a number or integer text (seconds; milliseconds from 11 digits on, as the app's date format
 * reads them), or text in `pattern`. Undefined for anything else, an impossible date included.
 */
export function parseDate(value: unknown, pattern?: string): number | undefined {
  return pattern && typeof value === 'string' ? parsePattern(value, pattern) : parseMoment(value);
}

/** The date value of the language: ISO 8601 in Manila time, to the second. */
export function toIso(ms: number): string {
  const w = wall(ms);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}+08:00`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const FORMAT_TOKEN = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|ss|A|a/g;

export function formatDate(ms: number, pattern: string): string {
  const w = wall(ms);
  const h12 = w.h % 12 === 0 ? 12 : w.h % 12;
  const tokens: Record<string, string> = {
    YYYY: pad(w.y, 4),
    YY: pad(w.y % 100),
    MMMM: MONTHS[w.mo - 1]!,
    MMM: MONTHS[w.mo - 1]!.slice(0, 3),
    MM: pad(w.mo),
    M: String(w.mo),
    DD: pad(w.d),
    D: String(w.d),
    dddd: DAYS[w.wd - 1]!,
    ddd: DAYS[w.wd - 1]!.slice(0, 3),
    HH: pad(w.h),
    H: String(w.h),
    hh: pad(h12),
    h: String(h12),
    mm: pad(w.mi),
    ss: pad(w.s),
    A: w.h < 12 ? 'AM' : 'PM',
    a: w.h < 12 ? 'am' : 'pm',
  };
  return pattern.replace(FORMAT_TOKEN, (token, literal?: string) => literal ?? tokens[token]!);
}

const UNIT_MS: Record<string, number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: DAY_MS,
  weeks: 7 * DAY_MS,
};

export function addTo(ms: number, amount: number, unit: string): number | undefined {
  const step = UNIT_MS[unit];
  if (step !== undefined) return valid(ms + amount * step);
  const months = unit === 'years' ? amount * 12 : unit === 'months' ? amount : NaN;
  const w = wall(ms);
  const index = w.y * 12 + (w.mo - 1) + months;
  const y = Math.floor(index / 12);
  const mo = index - y * 12 + 1;
  // Out of range (year 10000, an unknown unit) fromWall refuses.
  return fromWall(y, mo, Math.min(w.d, daysIn(y, mo)), w.h, w.mi, w.s);
}

export function diff(from: number, to: number, unit: string): number {
  if (unit === 'seconds' || unit === 'minutes' || unit === 'hours')
    return Math.trunc((to - from) / UNIT_MS[unit]!);
  const days = dayNumber(to) - dayNumber(from);
  if (unit === 'days') return days;
  if (unit === 'weeks') return Math.trunc(days / 7);
  const a = wall(from);
  const b = wall(to);
  return unit === 'years' ? b.y - a.y : b.y * 12 + b.mo - (a.y * 12 + a.mo);
}

export function startOf(ms: number, unit: string): number | undefined {
  const w = wall(ms);
  if (unit === 'year') return fromWall(w.y, 1, 1);
  if (unit === 'month') return fromWall(w.y, w.mo, 1);
  const day = fromWall(w.y, w.mo, w.d);
  return unit === 'week' && day !== undefined ? valid(day - (w.wd - 1) * DAY_MS) : day;
}

export function partOf(ms: number, part: string): number | undefined {
  const w = wall(ms);
  const parts: Record<string, number> = {
    year: w.y,
    month: w.mo,
    day: w.d,
    hour: w.h,
    minute: w.mi,
    second: w.s,
    weekday: w.wd,
  };
  return parts[part];
}
