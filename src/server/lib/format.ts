import { dayText } from '../../../renderer/calendar.js';

/** Money is integer cents (rulings 6); display strings in demo rows use cents/100 with 2 decimals. */
export function peso(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}₱${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Date-only fields are `YYYY-MM-DD` (rulings 7): the day in the lender's calendar (Manila). */
export function ymd(date: Date): string {
  return dayText(date.getTime());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}
