// Display formats behind Host.format and the {path|format} placeholders (spec §9, rulings 6-7,
// D-05, D-06, D-55). Money is integer cents, formatted with string arithmetic (no float error);
// dates are days of the lender's calendar (renderer/calendar.ts).
import { dayText, dayTimeText, parseMoment } from '../../renderer/calendar';
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

/** A date format: what a server sends (rulings 7) shown by `show`, anything else as it came. */
const dated =
  (show: (ms: number) => string) =>
  (value: unknown): string => {
    const ms = parseMoment(value);
    return ms === undefined ? verbatim(value) : show(ms);
  };

/**
 * Unix seconds (numbers or numeric strings; 11+ digit values are taken as milliseconds) and ISO
 * strings (a date or time with no zone is Manila time), shown in the lender's calendar (issue 27
 * item 4, renderer/calendar.ts), not the phone's zone: a due date is the same day here as in the
 * language's date functions, on every phone. `YYYY-MM-DD`.
 */
export const formatDate = dated(dayText);
/** The same, with the time: `YYYY-MM-DD HH:MM:SS`. */
export const formatDateTime = dated(dayTimeText);

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
  amount: formatAmount,
  number: formatNumber,
  date: formatDate,
  datetime: formatDateTime,
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
