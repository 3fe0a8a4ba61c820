import type { Db } from '../db/schema.js';

export async function listAgreements(db: Db, scene: number) {
  return db.selectFrom('agreements').selectAll().where('scene', '=', scene).orderBy('position').execute();
}

/** The agreement's app page with the product (and order) it is about appended. */
export async function agreementUrl(
  db: Db,
  scene: number,
  position: number,
  productId: string,
  orderId?: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('agreements')
    .select('path')
    .where('scene', '=', scene)
    .where('position', '=', position)
    .executeTakeFirst();
  if (!row) return null;
  const url = new URL(row.path, 'http://app.invalid');
  url.searchParams.set('productId', productId);
  if (orderId) url.searchParams.set('orderId', orderId);
  return `${url.pathname}${url.search}`;
}
