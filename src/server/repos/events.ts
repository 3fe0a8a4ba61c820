import { nowIso, toJson } from '../db/json.js';
import type { Db } from '../db/schema.js';

/** Analytics and click logs whose replies the app ignores are still kept, for inspection and tests. */
export async function recordEvent(db: Db, borrower: string, kind: string, payload: unknown): Promise<void> {
  await db
    .insertInto('events')
    .values({ borrower_id: borrower, kind, payload_json: toJson(payload), created_at: nowIso() })
    .execute();
}
