import type { Selectable } from 'kysely';
import { nowIso, parseJson } from '../db/json.js';
import type { Db, RepaymentPlansTable } from '../db/schema.js';
import type { PayNoticeItem } from '../demo/repayment.js';
import { randomToken } from '../lib/ids.js';
import type { OrderRow } from './orders.js';

export type PlanRow = Selectable<RepaymentPlansTable>;

export async function findPlan(db: Db, orderId: string): Promise<PlanRow | undefined> {
  return db.selectFrom('repayment_plans').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function findDelay(db: Db, orderId: string) {
  return db.selectFrom('delay_info').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function listChannels(db: Db) {
  return db.selectFrom('channels').selectAll().orderBy('sort').execute();
}

/**
 * defDetail.payNotice is the map the spec names (group name -> items); payNoticeGroups carries the
 * same data as an ordered list, which a screen can iterate without object-key order concerns.
 */
function defDetailView(plan: PlanRow) {
  if (!plan.pay_code) return null;
  const payNotice = parseJson<Record<string, PayNoticeItem[]>>(plan.pay_notice_json, {});
  return {
    payCode: plan.pay_code,
    logo: plan.pay_code_logo,
    title: plan.pay_code_title,
    payNotice,
    payNoticeGroups: Object.entries(payNotice).map(([group, items]) => ({ group, items })),
  };
}

/** Installment repayment data (spec §3 "Repayment plan data"). */
export async function planView(db: Db, order: OrderRow, plan: PlanRow) {
  const channels = await listChannels(db);
  return {
    orderId: order.id,
    productId: order.product_id,
    repayAmount: plan.repay_amount,
    productName: order.product_name,
    repayDate: plan.repay_date,
    productLogo: order.product_logo,
    detail: parseJson<Array<{ text: string; value: string }>>(plan.detail_json, []),
    repayList: channels.map((c) => ({ logo: c.logo, name: c.name, channel_number: c.channel_number })),
    noticeMsg: plan.notice_msg,
    defDetail: defDetailView(plan),
    isShowReyTop: plan.is_show_rey_top,
  };
}

/** A repeated submit within this long gets the same pay request back (one charge, not two). */
export const PAY_REUSE_MS = 15 * 60_000;

/** Submits of the same pay request in progress, per database: a racing twin waits for the first. */
const inFlight = new WeakMap<Db, Map<string, Promise<string>>>();

async function openOrCreate(
  db: Db,
  borrower: string,
  orderId: string,
  channelNumber: string,
  amount: number,
  isDelay: boolean,
): Promise<string> {
  const since = new Date(Date.now() - PAY_REUSE_MS).toISOString();
  const open = await db
    .selectFrom('pay_requests')
    .select('token')
    .where('borrower_id', '=', borrower)
    .where('order_id', '=', orderId)
    .where('channel_number', '=', channelNumber)
    .where('amount', '=', amount)
    .where('is_delay', '=', isDelay ? 1 : 0)
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (open) return open.token;
  const token = randomToken();
  await db
    .insertInto('pay_requests')
    .values({
      borrower_id: borrower,
      order_id: orderId,
      channel_number: channelNumber,
      amount,
      is_delay: isDelay ? 1 : 0,
      token,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

/**
 * A pay request and the address of the (demo) provider page that completes it. Idempotent: the
 * same borrower, order, channel, amount and kind within PAY_REUSE_MS (a double tap, a retry after
 * a timeout, a second tab) get the request already open, so the borrower is charged once.
 */
export async function createPayRequest(
  db: Db,
  borrower: string,
  orderId: string,
  channelNumber: string,
  amount: number,
  isDelay: boolean,
): Promise<string> {
  let running = inFlight.get(db);
  if (!running) inFlight.set(db, (running = new Map()));
  const key = JSON.stringify([borrower, orderId, channelNumber, amount, isDelay]);
  let pending = running.get(key);
  if (!pending) {
    pending = openOrCreate(db, borrower, orderId, channelNumber, amount, isDelay).finally(() =>
      running.delete(key),
    );
    running.set(key, pending);
  }
  return `/demo/pay?ref=${await pending}`;
}
