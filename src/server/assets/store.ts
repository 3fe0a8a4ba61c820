// The studio's uploaded pictures (issue 25): saved once per content (the name is the sha-256 of
// the bytes), listed for the picker, read for serving. The bytes are a stored file
// (repos/stored-files.ts) written in the same transaction as the asset's row, so neither exists
// without the other after a crash; a second upload of the same bytes changes nothing.
import { createHash } from 'node:crypto';
import type { Trx } from '../db/lock.js';
import type { Db, StudioAssetsTable } from '../db/schema.js';
import type { ImageKind } from '../lib/image-sniff.js';
import { storeFile, type StoredFile } from '../repos/stored-files.js';
import { MEDIA_PREFIX, type StudioAsset } from '../../wire/studio.js';

export interface AssetInput {
  data: Buffer;
  kind: ImageKind;
  label: string;
  uploadedBy: string;
  /** The server's clock (cfg.now). */
  at: string;
}

/** The name of a picture's bytes: the same bytes, the same name, whoever uploads them. */
const assetName = (data: Buffer, kind: ImageKind) =>
  `${createHash('sha256').update(data).digest('hex')}.${kind.ext}`;

/** A file name fit to show: no path, no control characters, at most 80 characters. */
export function assetLabel(given: unknown): string {
  const text = typeof given === 'string' ? given : '';
  const base = text.split(/[\\/]/).pop() ?? '';
  return (
    base
      .replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, 80) || 'picture'
  );
}

const view = (row: StudioAssetsTable): StudioAsset => ({
  name: row.name,
  url: `${MEDIA_PREFIX}${row.name}`,
  mime: row.mime,
  size: Number(row.size),
  label: row.label,
  uploadedBy: row.uploaded_by,
  uploadedAt: row.created_at,
});

const COLUMNS = ['name', 'mime', 'size', 'label', 'uploaded_by', 'created_at'] as const;

export interface Saved {
  asset: StudioAsset;
  /** False when the same bytes were uploaded before (the asset is kept as it was). */
  created: boolean;
}

/**
 * Saves a picture. `record` runs in the same transaction with what was saved (the audit entry:
 * an upload is never without its entry, nor an entry without its upload).
 */
export async function saveAsset(
  db: Db,
  input: AssetInput,
  record: (trx: Trx, saved: Saved) => Promise<void>,
): Promise<Saved> {
  const name = assetName(input.data, input.kind);
  return db.transaction().execute(async (trx) => {
    const { at } = input;
    const inserted = await trx
      .insertInto('studio_assets')
      .values({
        name,
        mime: input.kind.mime,
        size: input.data.length,
        label: input.label,
        uploaded_by: input.uploadedBy,
        created_at: at,
      })
      .onConflict((c) => c.column('name').doNothing())
      .executeTakeFirst();
    const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    // A new asset's name is new to stored_files too: it is the content's hash (no other upload's name).
    if (created) await storeFile(trx, name, { mime: input.kind.mime, data: input.data }, at);
    const row = await trx
      .selectFrom('studio_assets')
      .select(COLUMNS)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    const saved = { asset: view(row), created };
    await record(trx, saved);
    return saved;
  });
}

/** The newest first, at most `limit`. */
export async function listAssets(db: Db, limit = 200): Promise<StudioAsset[]> {
  const rows = await db
    .selectFrom('studio_assets')
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map(view);
}

/** A studio asset's bytes; undefined for any other stored file (a complaint image is never served here). */
export async function readAsset(db: Db, name: string): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('studio_assets')
    .innerJoin('stored_files', 'stored_files.name', 'studio_assets.name')
    .select(['stored_files.mime', 'stored_files.data'])
    .where('studio_assets.name', '=', name)
    .executeTakeFirst();
  return row && { mime: row.mime, data: Buffer.from(row.data) };
}
