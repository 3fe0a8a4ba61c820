// Input masks (spec §5, P-24..P-26): what the state keeps, and how it is shown.
// Pure functions; the state always holds the clean value, the field shows the display form.

export type MaskName = 'none' | 'digits' | 'phone' | 'bankCard';

const PHONE_DIGITS = 11;

export const digitsOnly = (text: string): string => text.replace(/\D+/g, '');

/** Cuts text to at most `max` characters, counting code points so an emoji is never split. */
export function cut(text: string, max: number | undefined): string {
  if (max === undefined || max < 0) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

export const charCount = (text: string): number => Array.from(text).length;

/**
 * A hard cap for free text: input that would pass `max` is ignored when the field is already
 * full (a keystroke at the limit does nothing), otherwise cut to fit (a long paste keeps its start).
 */
export function capText(next: string, previous: string, max: number | undefined): string {
  if (max === undefined || charCount(next) <= max) return next;
  return charCount(previous) >= max && next.length > previous.length ? previous : cut(next, max);
}

/** What the state keeps of what the user typed (before the length cap). */
export function clean(mask: MaskName, raw: string): string {
  return mask === 'none' ? raw : digitsOnly(raw);
}

/** The length cap of a mask: a phone number has at most 11 digits whatever the document says. */
export function limitOf(mask: MaskName, maxLength: number | undefined): number | undefined {
  if (mask !== 'phone') return maxLength;
  return Math.min(PHONE_DIGITS, maxLength ?? PHONE_DIGITS);
}

/** The next state value for a change of the field from `previous` (a clean value) to `raw`. */
export function nextValue(mask: MaskName, raw: string, previous: string, maxLength?: number): string {
  return capText(clean(mask, raw), previous, limitOf(mask, maxLength));
}

/** How a clean value is shown in the field. */
export function display(mask: MaskName, value: string): string {
  switch (mask) {
    case 'phone':
      return [value.slice(0, 3), value.slice(3, 7), value.slice(7)].filter(Boolean).join(' ');
    case 'bankCard':
      return (value.match(/.{1,4}/g) ?? []).join(' ');
    default:
      return value;
  }
}
