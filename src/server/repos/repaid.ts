import { parseJson, toJson } from '../db/json.js';
import { preparedQuery } from '../db/prepared.js';
import type { Db } from '../db/schema.js';
import type { OrderDetails } from '../demo/orders.js';
import { peso } from '../lib/format.js';
import type { OrderRow } from './orders.js';

/*
 * What a borrower has repaid on an order and what is left (issue 29 §2): every reply that shows an
 * amount due shows what is left, and an order repaid in full shows the settled status (spec §4:
 * 200, Borrow Again). Repaid means what counts against the order for good (repos/ledger.ts): card
 * repayments submitted or confirmed. A pay code or a card repayment awaiting its code is on its way,
 * not paid: the amount left does not change for it (the ledger still refuses a second one).
 */

export interface Repaid {
  /** The plan's total. */
  due: number;
  /** Repaid so far. */
  paid: number;
  /** What is left to pay: never below zero. */
  left: number;
}

/** The status of an order repaid in full (spec §4: 'Borrow Again'; the demo's ORD-200). */
export const SETTLED_STATUS = 200;

const PAID = ['submitted', 'confirmed'];

// Loan details reads this with every order: one compiled query, the plan and the sum together.
const repaidRows = preparedQuery((db, v: { orderId: string; borrowerId: string; paid: readonly string[] }) =>
  db
    .selectFrom('repayment_plans')
    .where('repayment_plans.order_id', '=', v.orderId)
    .select((eb) => [
      'repayment_plans.repay_amount as due',
      eb
        .selectFrom('legacy_repayments')
        .where('legacy_repayments.order_id', '=', v.orderId)
        .where('legacy_repayments.borrower_id', '=', v.borrowerId)
        .where('legacy_repayments.status', 'in', v.paid)
        .select((e) => e.fn.sum<number | string>('legacy_repayments.amount').as('sum'))
        .as('paid'),
    ]),
);

/** The borrower's repayments of an order with a plan; null when the order has nothing to repay. */
export async function repaidOf(db: Db, orderId: string, borrowerId: string): Promise<Repaid | null> {
  const [row] = await repaidRows(db, { orderId, borrowerId, paid: PAID });
  if (!row) return null;
  const due = Number(row.due);
  // PostgreSQL's sum is a bigint, read as text; no repayment is null.
  const paid = Number(row.paid ?? 0);
  return { due, paid, left: Math.max(0, due - paid) };
}

export const settled = (r: Repaid | null): boolean => r !== null && r.paid > 0 && r.left === 0;

/** The rows a page lists once something is repaid: what was repaid and what is left. */
export const repaidRowsOf = (r: Repaid | null): Array<{ text: string; value: string }> =>
  r && r.paid > 0
    ? [
        { text: 'Repaid', value: peso(r.paid) },
        { text: 'Left to pay', value: peso(r.left) },
      ]
    : [];

/** What an order repaid in full says (the demo's settled order ORD-200 says the same). */
const SETTLED_TEXTS: Partial<OrderDetails> = {
  noticeStatusText: 'Settled',
  noticeDesText: 'Thank you! Your loan is fully repaid. Borrow again any time.',
  statusText: 'Settled',
  // Nothing is left to pay or to withdraw: no repayment address, tip or card reminder.
  h5Url: '',
  KindTipsMsg: '',
  playeduL: '',
  reyMsg: '',
  cardNeedPop: 0,
};

/**
 * The order as its borrower sees it after repayments: with the repaid and left rows, and, once
 * nothing is left, settled (status 200, no extension) with the settled texts. Unchanged before the
 * first repayment, so an order without one costs nothing more than the read.
 */
export function asRepaid(order: OrderRow, r: Repaid | null): OrderRow {
  if (!r || r.paid <= 0) return order;
  const d = parseJson<Partial<OrderDetails>>(order.details_json, {});
  const detail = [...(d.detail ?? []), ...repaidRowsOf(r)];
  if (!settled(r)) return { ...order, details_json: toJson({ ...d, detail }) };
  return {
    ...order,
    status: SETTLED_STATUS,
    is_delay: '0',
    details_json: toJson({ ...d, ...SETTLED_TEXTS, detail }),
  };
}

/** findOrder's row as its borrower sees it now (loan details, the complaint screens' order cards). */
export async function orderAsRepaid(db: Db, order: OrderRow, borrowerId: string): Promise<OrderRow> {
  return asRepaid(order, await repaidOf(db, order.id, borrowerId));
}
