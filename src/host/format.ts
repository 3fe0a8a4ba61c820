// Display formats behind Host.format and the {path|format} placeholders (spec §9, rulings 6-7,
// D-05, D-06, D-55). Money is integer cents, formatted with string arithmetic (no float error).
import type { AppConfig } from '../config/types';

export const PESO = '₱';
const INTEGER = /^[+-]?\d+$/;

function integerText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : null;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'string' && INTEGER.test(value.trim())) return value.trim();
  return null;
}

function verbatim(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

/** Cents -> "1234.56": exactly two decimals, '.' as the decimal point, no grouping. Anything that
 *  is not an integer (a preformatted string, a fraction) is shown as it came. */
export function formatAmount(value: unknown): string {
  const text = integerText(value);
  if (text === null) return verbatim(value);
  const negative = text.startsWith('-');
  const digits = text
    .replace(/^[+-]/, '')
    .replace(/^0+(?=\d)/, '')
    .padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/^0+(?=\d)/, '');
  const cents = digits.slice(-2);
  const zero = /^0+$/.test(digits);
  return `${negative && !zero ? '-' : ''}${whole}.${cents}`;
}

/** Integers grouped with '.' as the thousands separator: 1234567 -> "1.234.567". */
export function formatNumber(value: unknown): string {
  const text = integerText(value);
  if (text === null) return verbatim(value);
  const negative = text.startsWith('-');
  const digits = text.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative && digits !== '0' ? '-' : ''}${grouped}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface Parts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function localParts(date: Date): Parts | null {
  if (Number.isNaN(date.getTime())) return null;
  return {
    y: date.getFullYear(),
    mo: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    mi: date.getMinutes(),
    s: date.getSeconds(),
  };
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Unix seconds (numbers or numeric strings; 11+ digit values are taken as milliseconds) and ISO
 * strings. A zoned time is shown in the borrower's local time zone; a date or time with no zone
 * is already local and is only normalised.
 */
export function dateParts(value: unknown): Parts | null {
  if (value instanceof Date) return localParts(value);
  const text = integerText(value);
  if (text !== null) {
    const n = Number(text);
    return localParts(new Date(Math.abs(n) >= 1e11 ? n : n * 1000));
  }
  if (typeof value !== 'string') return null;
  const m = ISO.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = m;
  if (zone) {
    const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
    return localParts(new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`));
  }
  return { y: +y!, mo: +mo!, d: +d!, h: +h, mi: +mi, s: +s };
}

export function formatDate(value: unknown): string {
  const p = dateParts(value);
  return p ? `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}` : verbatim(value);
}

export function formatDateTime(value: unknown): string {
  const p = dateParts(value);
  return p ? `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}` : verbatim(value);
}

/** A decimal amount as text, plain or grouped with commas: "535.00", "1,234.50", "-5". */
const DECIMAL_TEXT = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/**
 * Money: the format owns the currency sign, so no document shows it twice (issue 16 item 5).
 * Integer cents (numbers or integer strings, D-05/D-46) -> sign + cents/100; a server string that
 * is a bare decimal amount ("535.00") gets the sign before it; any other string ("₱535.00",
 * "PHP 535.00", "Free") is shown verbatim (D-06), so a preformatted amount keeps its own sign.
 */
export function formatMoney(value: unknown, sign: string): string {
  const signed = (text: string) => (text.startsWith('-') ? `-${sign}${text.slice(1)}` : `${sign}${text}`);
  if (integerText(value) !== null) return signed(formatAmount(value));
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return verbatim(value);
  const trimmed = text.trim();
  return DECIMAL_TEXT.test(trimmed) ? signed(trimmed.replace(/^\+/, '')) : text;
}

/** The peso sign; with the argument `config`, the configured sign (the loan-confirm variant, D-49). */
export function currencySign(config: Pick<AppConfig, 'currencySign'>, arg?: string): string {
  return arg === 'config' ? config.currencySign || PESO : PESO;
}

type Formatter = (value: unknown, arg: string | undefined, config: Pick<AppConfig, 'currencySign'>) => string;

export const FORMATS: Readonly<Record<string, Formatter>> = {
  amount: (v) => formatAmount(v),
  number: (v) => formatNumber(v),
  date: (v) => formatDate(v),
  datetime: (v) => formatDateTime(v),
  currency: (_v, arg, config) => currencySign(config, arg),
  money: (v, arg, config) => formatMoney(v, currencySign(config, arg)),
  upper: (v) => verbatim(v).toUpperCase(),
  lower: (v) => verbatim(v).toLowerCase(),
};

/** Host.format: unknown names give the value as text. */
export function createFormat(config: Pick<AppConfig, 'currencySign'>) {
  return (name: string, value: unknown, arg?: string): string => {
    const formatter = Object.prototype.hasOwnProperty.call(FORMATS, name) ? FORMATS[name] : undefined;
    if (formatter) return formatter(value, arg, config);
    return value === undefined || value === null
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  };
}
