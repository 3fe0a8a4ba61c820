/** Raw events are kept this long, then rolled up into daily aggregates (docs/decisions.md, issue 19). */
export const DEFAULT_RETENTION_DAYS = 90;
/** How late an event may arrive (ingest.ts); a day is rolled up only after that, so never twice. */
export const MAX_LATE_DAYS = 7;
export const MIN_RETENTION_DAYS = MAX_LATE_DAYS + 1;

export interface EventsConfig {
  /** The borrower-key secret (LENDER_EVENT_SECRET); null: one generated and kept in the database. */
  secret: string | null;
  retentionDays: number;
}

/** Refuses (the server does not start) a weak secret, or a retention shorter than events may arrive late. */
export function eventsConfig(secret: string | undefined, days: number | undefined): EventsConfig {
  if (secret && secret.length < 32) throw new Error('LENDER_EVENT_SECRET must be at least 32 characters');
  const retentionDays = days ?? DEFAULT_RETENTION_DAYS;
  if (!Number.isInteger(retentionDays) || retentionDays < MIN_RETENTION_DAYS)
    throw new Error(`LENDER_EVENT_RETENTION_DAYS must be a whole number of at least ${MIN_RETENTION_DAYS}`);
  return { secret: secret || null, retentionDays };
}
