import type { Db } from '../db/schema.js';

/**
 * The agreements of a scene in display order. The list the page shows is this order, and a tap
 * sends the tapped item's list index as `position` (spec §7.4, §7.5; issue 16 item 3): the stored
 * `position` column orders the list, it is not a number the page ever sees.
 */
export async function listAgreements(db: Db, scene: number) {
  return db
    .selectFrom('agreements')
    .selectAll()
    .where('scene', '=', scene)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The list item a page shows for an agreement: title and identifier (spec §3). */
export const agreementItem = (a: { id: string; title: string }) => ({ id: a.id, title: a.title });

/** The app page of the agreement at list index `index`, with the product (and order) it is about. */
export async function agreementUrl(
  db: Db,
  scene: number,
  index: number,
  productId: string,
  orderId?: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('agreements')
    .select('path')
    .where('scene', '=', scene)
    .orderBy('position')
    .orderBy('id')
    .offset(index)
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const url = new URL(row.path, 'http://app.invalid');
  url.searchParams.set('productId', productId);
  if (orderId) url.searchParams.set('orderId', orderId);
  return `${url.pathname}${url.search}`;
}
