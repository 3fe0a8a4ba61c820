import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/schema.js';
import type { Trx } from '../db/lock.js';
import { nowIso } from '../db/json.js';

/*
 * Uploaded files' bytes, in the database (issue 29 §5): every instance on the database serves
 * every upload, whichever received it, and a file is written in the transaction of the row that
 * points at it, so neither exists without the other after a crash. Any kind of upload (complaint
 * images; the studio's pictures when it has them) keyed by its random name.
 */

export interface StoredFile {
  mime: string;
  data: Buffer;
}

/** `at`: the writer's clock when it has one (the studio's cfg.now), else now. */
export async function storeFile(trx: Db | Trx, name: string, file: StoredFile, at = nowIso()): Promise<void> {
  await trx
    .insertInto('stored_files')
    .values({ name, mime: file.mime, data: file.data, created_at: at })
    .execute();
}

export async function readStoredFile(db: Db, name: string): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('stored_files')
    .select(['mime', 'data'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { mime: row.mime, data: Buffer.from(row.data) };
}

export async function deleteStoredFiles(trx: Db | Trx, names: readonly string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 500)
    await trx
      .deleteFrom('stored_files')
      .where('name', 'in', names.slice(i, i + 500))
      .execute();
}

/**
 * Uploads kept as files before issue 29 (UPLOADS_DIR): each with its row and no stored copy is
 * read into the database, once, at start (any instance; a second one finds them stored). The
 * files stay where they are; nothing reads them afterwards. Returns how many were imported.
 */
export async function importUploadFolder(db: Db, dir: string, pattern: RegExp): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((f) => pattern.test(f));
  } catch {
    return 0;
  }
  let imported = 0;
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    const rows = await db.selectFrom('uploads').select(['name', 'mime']).where('name', 'in', batch).execute();
    const stored = new Set(
      (await db.selectFrom('stored_files').select('name').where('name', 'in', batch).execute()).map(
        (r) => r.name,
      ),
    );
    for (const row of rows) {
      if (stored.has(row.name)) continue;
      const data = await readFile(join(dir, row.name)).catch(() => null);
      if (!data) continue;
      const result = await db
        .insertInto('stored_files')
        .values({ name: row.name, mime: row.mime, data, created_at: nowIso() })
        .onConflict((c) => c.column('name').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) imported++;
    }
  }
  return imported;
}
