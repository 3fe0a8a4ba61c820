import { withRowLock } from '../db/lock.js';
import { nowIso } from '../db/json.js';
import type { Db } from '../db/schema.js';
import { deleteStoredFiles, storeFile } from './stored-files.js';

/** The quota's window: uploads of the last 24 hours count. */
export const QUOTA_WINDOW_MS = 24 * 3_600_000;

/** The names uploads get (a random token and the sniffed kind's extension). */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** Whether every name is an upload of this borrower. */
export async function ownUploads(db: Db, borrower: string, names: string[]): Promise<boolean> {
  if (names.length === 0) return true;
  const rows = await db
    .selectFrom('uploads')
    .select('name')
    .where('name', 'in', names)
    .where('borrower_id', '=', borrower)
    .execute();
  return rows.length === new Set(names).size;
}

/** Uploads of the borrower in the quota's window. */
export async function recentUploads(db: Db, borrower: string, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('borrower_id', '=', borrower)
    .where('created_at', '>=', new Date(now - QUOTA_WINDOW_MS).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewUpload {
  name: string;
  borrower: string;
  mime: string;
  data: Buffer;
}

/**
 * Records an upload, its row and its bytes (repos/stored-files.ts) in one transaction, unless the
 * borrower's quota is used up (false). Counted and inserted under the borrower's lock, so uploads
 * racing each other, on any instance, cannot pass the quota together.
 */
export async function recordUpload(db: Db, u: NewUpload, perDay: number): Promise<boolean> {
  return withRowLock(db, `uploads:${u.borrower}`, async (trx) => {
    if ((await recentUploads(trx, u.borrower)) >= perDay) return false;
    await trx
      .insertInto('uploads')
      .values({
        name: u.name,
        borrower_id: u.borrower,
        mime: u.mime,
        size: u.data.length,
        created_at: nowIso(),
      })
      .execute();
    await storeFile(trx, u.name, { mime: u.mime, data: u.data });
    return true;
  });
}

/**
 * Deletes uploads no complaint used that are older than `olderThan`, rows and bytes in one
 * transaction (each instance deletes and gets back its own share, so two sweeps never fight over
 * one). Returns the names it deleted.
 */
export async function sweepOrphanUploads(db: Db, olderThan: Date): Promise<string[]> {
  const cutoff = olderThan.toISOString();
  return db.transaction().execute(async (trx) => {
    const deleted = (
      await trx
        .deleteFrom('uploads')
        .where('attached', '=', 0)
        .where('created_at', '<', cutoff)
        .returning('name')
        .execute()
    ).map((d) => d.name);
    await deleteStoredFiles(trx, deleted);
    return deleted;
  });
}
