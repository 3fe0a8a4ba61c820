// What keeps a preview link from becoming a way to publish without review (issue 28 item 7,
// docs/decisions.md): a link opens on at most PREVIEW_DEVICES devices, the first ones to open it
// (each keeps a random device cookie; its sha-256 is claimed in preview_claims, shared by every
// instance), and a draft gets at most PREVIEW_LINKS_PER_DAY links in 24 hours. With the link's
// short life and its pages never indexed or cached (plugins/preview.ts), a link reaches the few
// phones it was made for, not the public.
import { createHash } from 'node:crypto';
import type { Db } from './store.js';

/** Devices one link opens on: the phone that scanned its QR code, the author's, a colleague's. */
export const PREVIEW_DEVICES = 3;
/** Links one draft may get in 24 hours (each a few devices). */
export const PREVIEW_LINKS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type Claim =
  /** `first`: this device opened the link now for the first time; `devices`: how many have. */
  { ok: true; first: boolean; devices: number } | { ok: false; devices: number };

/**
 * Lets `device` (its cookie's token) open the link `token`, claiming a place when it has none yet
 * and one is left. Safe across instances: a claim is a row, and only the first PREVIEW_DEVICES
 * rows of a link count.
 */
export async function claimPreview(
  db: Db,
  claim: { token: string; device: string; now: Date; expiresAt: string },
): Promise<Claim> {
  const link = sha256(claim.token);
  const device = sha256(claim.device);
  const inserted = await db
    .insertInto('preview_claims')
    .values({ link, device, claimed_at: claim.now.toISOString(), expires_at: claim.expiresAt })
    .onConflict((oc) => oc.columns(['link', 'device']).doNothing())
    .executeTakeFirst();
  const first = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  const places = await db
    .selectFrom('preview_claims')
    .select('device')
    .where('link', '=', link)
    .orderBy('id')
    .limit(PREVIEW_DEVICES)
    .execute();
  if (places.some((p) => p.device === device)) return { ok: true, first, devices: places.length };
  // Too late: the claim is withdrawn, so a refused device never takes a place later.
  if (first)
    await db.deleteFrom('preview_claims').where('link', '=', link).where('device', '=', device).execute();
  return { ok: false, devices: places.length };
}

/** Links made for a draft in the 24 hours before `now` (from the audit log, where each is). */
export async function previewLinksToday(db: Db, draftId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('action', '=', 'draft.preview-link')
    .where('draft_id', '=', draftId)
    .where('at', '>=', new Date(now.getTime() - DAY_MS).toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Drops the claims of expired links. */
export async function sweepPreviewClaims(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('preview_claims').where('expires_at', '<', now.toISOString()).execute();
}
