import type { Db } from '../db/schema.js';
import { withRowLock, type Trx } from '../db/lock.js';

/*
 * What a borrower owes on an order and what is already on its way (issue 20 §2). Every money write
 * (legacy commit and confirm, pay codes, extension fees, huichao) reads its position and writes
 * inside `withOrderLock`, so two requests, two tabs or two server instances can never both pass the
 * checks: no repayment beyond what is outstanding, pending ones counted, and one pending per order.
 */

/** How long a pay code, or a card repayment awaiting its verification code, holds the order. */
export const PENDING_MS = 15 * 60_000;

/** What is paid: the repayment itself, or the extension (rollover) fee. */
export type Kind = 'repay' | 'delay';

export type Pending =
  | { source: 'legacy'; id: number; amount: number }
  | { source: 'pay'; id: number; amount: number; channel: string; isDelay: boolean; token: string };

export interface Position {
  /** What the plan says is due; null when there is nothing of this kind to pay. */
  due: number | null;
  /** Submitted, confirmed and pending repayments of this kind: they count against what is due. */
  held: number;
  outstanding: number;
  /** The one repayment of this order still in progress, of either kind. */
  pending: Pending | null;
}

/** The money writes of one order (for one borrower: the seeded demo orders are shared) run one at a time. */
export function withOrderLock<T>(db: Db, orderId: string, borrowerId: string, fn: (trx: Trx) => Promise<T>) {
  return withRowLock(db, `order:${orderId}:${borrowerId}`, fn);
}

const sum = (rows: Array<{ amount: number }>) => rows.reduce((total, r) => total + Number(r.amount), 0);

/**
 * The position of `kind` on an order. Under the lock it also retires card repayments whose code
 * never came within PENDING_MS: they no longer count, and can no longer be confirmed.
 */
export async function position(
  db: Db | Trx,
  orderId: string,
  borrowerId: string,
  kind: Kind,
  now = Date.now(),
  retire = true,
): Promise<Position> {
  const since = new Date(now - PENDING_MS).toISOString();
  if (retire) {
    await db
      .updateTable('legacy_repayments')
      .set({ status: 'expired' })
      .where('order_id', '=', orderId)
      .where('borrower_id', '=', borrowerId)
      .where('status', '=', 'pending')
      .where('created_at', '<', since)
      .execute();
  }
  const legacy = await db
    .selectFrom('legacy_repayments')
    .select(['id', 'amount', 'status', 'created_at'])
    .where('order_id', '=', orderId)
    .where('borrower_id', '=', borrowerId)
    .where('status', 'in', ['pending', 'submitted', 'confirmed'])
    .execute();
  // A pay code is an invitation to pay at the provider: it counts while it can still be paid.
  const pays = await db
    .selectFrom('pay_requests')
    .select(['id', 'amount', 'channel_number', 'is_delay', 'token'])
    .where('order_id', '=', orderId)
    .where('borrower_id', '=', borrowerId)
    .where('created_at', '>=', since)
    .orderBy('id')
    .execute();
  const plan =
    kind === 'repay'
      ? await db
          .selectFrom('repayment_plans')
          .select('repay_amount as due')
          .where('order_id', '=', orderId)
          .executeTakeFirst()
      : await db
          .selectFrom('delay_info')
          .select('delay_amount as due')
          .where('order_id', '=', orderId)
          .executeTakeFirst();
  const livePending = legacy.filter((r) => r.status === 'pending' && r.created_at >= since);
  const held =
    kind === 'repay'
      ? sum(legacy.filter((r) => r.status !== 'pending' || r.created_at >= since)) +
        sum(pays.filter((p) => p.is_delay === 0))
      : sum(pays.filter((p) => p.is_delay === 1));
  const due = plan ? Number(plan.due) : null;
  const pay = pays[0];
  const card = livePending[0];
  const pending: Pending | null = card
    ? { source: 'legacy', id: card.id, amount: card.amount }
    : pay
      ? {
          source: 'pay',
          id: pay.id,
          amount: pay.amount,
          channel: pay.channel_number,
          isDelay: pay.is_delay === 1,
          token: pay.token,
        }
      : null;
  return { due, held, outstanding: due === null ? 0 : due - held, pending };
}
