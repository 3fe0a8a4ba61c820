import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { withRowLock } from '../db/lock.js';
import { nowIso } from '../db/json.js';
import type { Db } from '../db/schema.js';

/** The quota's window: uploads of the last 24 hours count. */
export const QUOTA_WINDOW_MS = 24 * 3_600_000;

const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

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
  size: number;
}

/**
 * Records an upload unless the borrower's quota is used up (false). Counted and inserted under the
 * borrower's lock, so uploads racing each other, on any instance, cannot pass the quota together.
 */
export async function recordUpload(db: Db, u: NewUpload, perDay: number): Promise<boolean> {
  return withRowLock(db, `uploads:${u.borrower}`, async (trx) => {
    if ((await recentUploads(trx, u.borrower)) >= perDay) return false;
    await trx
      .insertInto('uploads')
      .values({ name: u.name, borrower_id: u.borrower, mime: u.mime, size: u.size, created_at: nowIso() })
      .execute();
    return true;
  });
}

async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    // Another instance removed it first.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Deletes uploads no complaint used that are older than `olderThan`: the rows (each instance
 * deletes and gets back its own share, so two sweeps never fight over one) and then their files,
 * and files older than that with no row at all (a crash between the file and its row, a refused
 * upload). Returns the names of the rows it deleted.
 */
export async function sweepOrphanUploads(db: Db, dir: string, olderThan: Date): Promise<string[]> {
  const cutoff = olderThan.toISOString();
  const deleted = await db
    .deleteFrom('uploads')
    .where('attached', '=', 0)
    .where('created_at', '<', cutoff)
    .returning('name')
    .execute();
  for (const { name } of deleted) await removeFile(join(dir, name));

  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => STORED_NAME.test(f));
  } catch {
    return deleted.map((d) => d.name);
  }
  for (let i = 0; i < files.length; i += 500) {
    const batch = files.slice(i, i + 500);
    const known = new Set(
      (await db.selectFrom('uploads').select('name').where('name', 'in', batch).execute()).map((r) => r.name),
    );
    for (const name of batch) {
      if (known.has(name)) continue;
      const info = await stat(join(dir, name)).catch(() => null);
      if (info && info.mtime < olderThan) await removeFile(join(dir, name));
    }
  }
  return deleted.map((d) => d.name);
}
