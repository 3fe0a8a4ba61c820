/** Money is integer cents (rulings 6); display strings in demo rows use cents/100 with 2 decimals. */
export function peso(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}₱${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Date-only fields are `YYYY-MM-DD` (rulings 7). */
export function ymd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}
