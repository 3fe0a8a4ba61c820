import type { Selectable } from 'kysely';
import { nowIso, parseJson } from '../db/json.js';
import type { Db, RepaymentPlansTable } from '../db/schema.js';
import type { PayNoticeItem } from '../demo/repayment.js';
import { randomToken } from '../lib/ids.js';
import { position, withOrderLock } from './ledger.js';
import type { OrderRow } from './orders.js';
import { repaidRowsOf, type Repaid } from './repaid.js';

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

/**
 * Installment repayment data (spec §3 "Repayment plan data"): repayAmount is what is left to pay
 * after the borrower's repayments (issue 29 §2), and the detail lists them.
 */
export async function planView(db: Db, order: OrderRow, plan: PlanRow, repaid: Repaid | null) {
  const channels = await listChannels(db);
  return {
    orderId: order.id,
    productId: order.product_id,
    repayAmount: repaid ? repaid.left : plan.repay_amount,
    productName: order.product_name,
    repayDate: plan.repay_date,
    productLogo: order.product_logo,
    detail: [
      ...parseJson<Array<{ text: string; value: string }>>(plan.detail_json, []),
      ...repaidRowsOf(repaid),
    ],
    repayList: channels.map((c) => ({ logo: c.logo, name: c.name, channel_number: c.channel_number })),
    noticeMsg: plan.notice_msg,
    defDetail: defDetailView(plan),
    isShowReyTop: plan.is_show_rey_top,
  };
}

export type PayOutcome =
  | { payUrl: string }
  /** Another repayment of this order is in progress (a pay code or a card repayment awaiting its code). */
  | { refused: 'pending' }
  /** The order has nothing of this kind to pay (no plan, or no extension). */
  | { refused: 'none' }
  /** Everything due is already submitted or on its way. */
  | { refused: 'nothing' }
  /** More than what is left to pay. */
  | { refused: 'over' };

export interface PayRequest {
  borrower: string;
  orderId: string;
  channelNumber: string;
  amount: number;
  isDelay: boolean;
}

const payUrl = (token: string) => `/demo/pay?ref=${token}`;

/**
 * A pay request and the address of the (demo) provider page that completes it, checked against
 * the order's position under its lock (repos/ledger.ts). The same request while it is open (a
 * double tap, a retry after a timeout, a second tab) gets the request already open, so the
 * borrower is charged once; any other while one is open is refused.
 */
export async function createPayRequest(db: Db, r: PayRequest): Promise<PayOutcome> {
  return withOrderLock(db, r.orderId, r.borrower, async (trx) => {
    const at = await position(trx, r.orderId, r.borrower, r.isDelay ? 'delay' : 'repay');
    const open = at.pending;
    if (open) {
      const same =
        open.source === 'pay' &&
        open.channel === r.channelNumber &&
        open.amount === r.amount &&
        open.isDelay === r.isDelay;
      return same ? { payUrl: payUrl(open.token) } : { refused: 'pending' };
    }
    if (at.due === null) return { refused: 'none' };
    if (at.outstanding <= 0) return { refused: 'nothing' };
    if (r.amount > at.outstanding) return { refused: 'over' };
    const token = randomToken();
    await trx
      .insertInto('pay_requests')
      .values({
        borrower_id: r.borrower,
        order_id: r.orderId,
        channel_number: r.channelNumber,
        amount: r.amount,
        is_delay: r.isDelay ? 1 : 0,
        token,
        created_at: nowIso(),
      })
      .execute();
    return { payUrl: payUrl(token) };
  });
}
