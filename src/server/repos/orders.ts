import type { Selectable } from 'kysely';
import { parseJson, toJson } from '../db/json.js';
import { preparedQuery } from '../db/prepared.js';
import type { Db, OrdersTable } from '../db/schema.js';
import { newOrderDetails, type OrderDetails } from '../demo/orders.js';
import type { Borrower } from '../identity/index.js';
import { randomId } from '../lib/ids.js';
import { type ProductRow, recProductView } from './products.js';

export type OrderRow = Selectable<OrdersTable> & { product_name: string; product_logo: string };

/** Statuses with a status image (spec §4); 170 and unknown statuses have none (D-07). */
const STATUS_IMAGES = new Set([21, 110, 151, 174, 180, 200]);

function baseQuery(db: Db, owners: readonly string[]) {
  return db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .selectAll('orders')
    .select(['products.name as product_name', 'products.logo as product_logo'])
    .where('orders.borrower_id', 'in', owners);
}

// Every order screen starts with this read (loan details is the busiest call): compiled once.
const orderById = preparedQuery((db, v: { owners: readonly string[]; orderId: string }) =>
  baseQuery(db, v.owners).where('orders.id', '=', v.orderId),
);

/** An order the borrower may read: its own, or (demo mode) a seeded demo order. */
export async function findOrder(db: Db, borrower: Borrower, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await orderById(db, { owners: borrower.readable, orderId });
  return row;
}

/** The borrower's own orders first, then the shared demo orders; newest first within each. */
export async function listOrders(db: Db, borrower: Borrower): Promise<OrderRow[]> {
  const rows = await baseQuery(db, borrower.readable)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id')
    .execute();
  return [
    ...rows.filter((r) => r.borrower_id === borrower.id),
    ...rows.filter((r) => r.borrower_id !== borrower.id),
  ];
}

export async function createOrder(
  db: Db,
  borrower: string,
  product: ProductRow,
  quote: { amount: number; periods: number; termUnit: string },
): Promise<string> {
  const id = `ORD-${randomId(8)}`;
  const now = new Date();
  await db
    .insertInto('orders')
    .values({
      id,
      borrower_id: borrower,
      product_id: product.id,
      status: 110,
      amount: quote.amount,
      periods: quote.periods,
      term_unit: String(quote.termUnit),
      is_delay: '0',
      allow_collection: 1,
      details_json: toJson(newOrderDetails(quote.amount, quote.periods, now)),
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

export const orderDetails = (o: OrderRow): OrderDetails =>
  parseJson<OrderDetails>(o.details_json, {} as OrderDetails);

export const lendDetailsUrl = (orderId: string, productId: string): string =>
  `/loan/details?${new URLSearchParams({ orderId, productId }).toString()}`;

/** Loan details data (spec §3). recProducts is always sent; the screen hides it by status (rulings 1). */
// The recommended-product cards depend on the catalogue read only (a frozen list shared until its
// next read), so they are built once per read, not once per loan-details request.
const recommendedViews = new WeakMap<readonly ProductRow[], readonly ReturnType<typeof recProductView>[]>();

function recommended(products: readonly ProductRow[], exceptId: string) {
  let views = recommendedViews.get(products);
  if (!views) {
    views = Object.freeze(products.map((p) => Object.freeze(recProductView(p))));
    recommendedViews.set(products, views);
  }
  return views.filter((view) => view.productId !== exceptId);
}

export function loanDetailsView(o: OrderRow, products: readonly ProductRow[], telephone: string) {
  const d = orderDetails(o);
  return {
    orderId: o.id,
    productId: o.product_id,
    orderStatus: o.status,
    statusImage: STATUS_IMAGES.has(o.status) ? `/assets-demo/status-${o.status}.svg` : '',
    noticeStatusText: d.noticeStatusText ?? '',
    noticeDesText: d.noticeDesText ?? '',
    recProducts: recommended(products, o.product_id),
    productName: o.product_name,
    productLogo: o.product_logo,
    userOrderDetail: { detail: d.detail ?? [] },
    inside: d.inside ?? '',
    h5Url: d.h5Url ?? '',
    isDelay: o.is_delay,
    telephone,
    isScore: d.isScore ?? '0',
    playeduL: d.playeduL ?? '',
    reyMsg: d.reyMsg ?? '',
    KindTipsMsg: d.KindTipsMsg ?? '',
    cardNeedPop: d.cardNeedPop ?? 0,
    cardPopTitle: d.cardPopTitle ?? '',
    cardPopMsg: d.cardPopMsg ?? '',
  };
}

/** The order card of the complaint screens (spec §3 problem init). */
export function complaintOrderView(o: OrderRow) {
  const d = orderDetails(o);
  return {
    orderNo: o.id,
    productLogo: o.product_logo,
    productName: o.product_name,
    status: d.statusText ?? String(o.status),
    isShow: 1,
    allowCollection: o.allow_collection,
    list: (d.detail ?? []).map((row) => ({ title: row.text, value: row.value })),
  };
}
