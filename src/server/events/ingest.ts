import type { Insertable } from 'kysely';
import { DAY_MS, dayText } from '../../../renderer/calendar.js';
import type { TrackEventsTable } from '../db/schema.js';
import { MAX_LATE_DAYS } from './config.js';
import { safeName, safeProps, safeText } from './privacy.js';

/** One event as the host sends it (schema.ts checks the shape before this runs). */
export interface IncomingEvent {
  name: string;
  at: number;
  screen?: string;
  revision?: string;
  variant?: string;
  label?: string;
  props?: Record<string, unknown>;
}

export interface IncomingBatch {
  /** The device's clock when the batch left: corrects every event's time for a wrong clock. */
  sentAt?: number;
  /** The native app's device id, when the page has one: only ever scrubbed out (it keys nobody, borrower-key.ts). */
  device?: string;
  events: IncomingEvent[];
}

export type TrackRow = Insertable<TrackEventsTable>;

/** Days are the borrowers' days: the lender's calendar (Manila, UTC+8 all year), `YYYY-MM-DD`. */
export const manilaDay = dayText;

/**
 * The rows to store for a batch. Cheap phones often have a wrong clock, so each time is moved by
 * the difference between the server's clock and the device's at sending (as analytics SDKs do);
 * a time still in the future becomes now, and an event older than MAX_LATE_DAYS is dropped (its
 * day may already be rolled up, rollup.ts). `identifiers` are the request's own ids, never stored;
 * `addr` the sender's address tag (address.ts). Every row is marked as the page's (`source`).
 */
export function toRows(
  batch: IncomingBatch,
  borrower: string,
  now: number,
  identifiers: ReadonlySet<string>,
  addr = '',
): { rows: TrackRow[]; dropped: number } {
  const skew = typeof batch.sentAt === 'number' ? now - batch.sentAt : 0;
  const oldest = now - MAX_LATE_DAYS * DAY_MS;
  const rows: TrackRow[] = [];
  let dropped = 0;
  for (const event of batch.events) {
    const at = Math.min(event.at + skew, now);
    if (!(at >= oldest)) {
      dropped++;
      continue;
    }
    rows.push({
      day: manilaDay(at),
      at: new Date(at).toISOString(),
      name: safeName(event.name, identifiers),
      screen: event.screen ?? '',
      revision: event.revision ?? '',
      variant: event.variant ?? '',
      borrower,
      label: event.label ? safeText(event.label, identifiers) : '',
      props_json: safeProps(event.props, identifiers),
      source: 'page',
      addr,
    });
  }
  return { rows, dropped };
}
