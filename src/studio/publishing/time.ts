// Times for ops: shown in the lender's zone (the session's `timeZone`, Asia/Manila), entered as a
// wall-clock time in that zone, and sent with an explicit offset (the server stores UTC and
// refuses a time without a zone).

/** "24 Dec 2026, 9:00 am" in `zone`. */
export function showTime(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    // Not `hour12: true`: for en-GB that is the h11 cycle in some engines ("0:05 pm" at noon in Node).
    hourCycle: 'h12',
  }).format(new Date(iso));
}

/** The zone's offset from UTC at `instant`, in minutes (Manila: +480). */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value ("2026-12-24T09:00") read in `zone`, as ISO 8601 with its offset; null when empty or invalid. */
export function zonedIso(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (Number.isNaN(asUtc)) return null;
  const offset = offsetAt(asUtc - offsetAt(asUtc, zone) * 60000, zone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as a `datetime-local` value in `zone` (the inputs' defaults and minimums). */
export function localInput(instant: number, zone: string): string {
  const wall = new Date(instant + offsetAt(instant, zone) * 60000);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(
    wall.getUTCHours(),
  )}:${pad(wall.getUTCMinutes())}`;
}
