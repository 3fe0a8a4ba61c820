import { nowIso } from '../db/json.js';
import type { Db } from '../db/schema.js';
import { randomDigits, randomToken } from '../lib/ids.js';
import { position, withOrderLock } from './ledger.js';

export const MAX_VERIFY_ATTEMPTS = 5;
/**
 * A second commit of one pending repayment's token sooner than this is the same submit sent twice
 * (800005); later it is the page's Resend (after its 60 s countdown) or a Pay after Cancel, and
 * the same record gets a new code. No second record either way.
 */
export const RESEND_AFTER_MS = 5_000;

export async function issueRepayToken(db: Db, borrower: string, orderId: string): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('legacy_repay_tokens')
    .values({ token, order_id: orderId, borrower_id: borrower, created_at: nowIso() })
    .execute();
  return token;
}

export async function tokenValid(db: Db, borrower: string, orderId: string, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('legacy_repay_tokens')
    .select('token')
    .where('token', '=', token)
    .where('order_id', '=', orderId)
    .where('borrower_id', '=', borrower)
    .executeTakeFirst();
  return !!row;
}

export async function findRecordByToken(db: Db, orderId: string, token: string) {
  return db
    .selectFrom('legacy_repayments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('repay_token', '=', token)
    .executeTakeFirst();
}

export interface Commit {
  orderId: string;
  token: string;
  borrower: string;
  cardId: number;
  amount: number;
  couponId: string;
  needValid: boolean;
}

export type CommitOutcome =
  | { id: number; verifyCode: string }
  /** The order has nothing to repay (800001). */
  | { refused: 'none' }
  /** The token is spent, or another repayment is pending, or all that is due is submitted (800005). */
  | { refused: 'twice' }
  /** The token's repayment lapsed without its code (800002: refresh and start again). */
  | { refused: 'expired' }
  /** The token's repayment was locked by wrong codes (800008). */
  | { refused: 'locked' }
  /** More than what is left to repay (800007). */
  | { refused: 'amount' };

/**
 * Inserts the repayment if the order's position allows it (repos/ledger.ts), under the order's
 * lock. A second use of the token is refused by the unique constraint as well.
 */
export async function commitRepayment(db: Db, c: Commit): Promise<CommitOutcome> {
  const verifyCode = c.needValid ? randomDigits(6) : '';
  try {
    return await withOrderLock(db, c.orderId, c.borrower, async (trx): Promise<CommitOutcome> => {
      const at = await position(trx, c.orderId, c.borrower, 'repay');
      const prior = await trx
        .selectFrom('legacy_repayments')
        .selectAll()
        .where('order_id', '=', c.orderId)
        .where('repay_token', '=', c.token)
        .executeTakeFirst();
      if (prior) {
        const resend =
          prior.borrower_id === c.borrower &&
          prior.status === 'pending' &&
          c.needValid &&
          prior.amount === c.amount &&
          Date.now() - Date.parse(prior.created_at) >= RESEND_AFTER_MS;
        if (!resend) {
          if (prior.status === 'expired') return { refused: 'expired' };
          if (prior.status === 'locked') return { refused: 'locked' };
          return { refused: 'twice' };
        }
        // A new code for the same repayment (and the card now chosen); it holds the order anew.
        await trx
          .updateTable('legacy_repayments')
          .set({ verify_code: verifyCode, attempts: 0, card_id: c.cardId, created_at: nowIso() })
          .where('id', '=', prior.id)
          .execute();
        return { id: prior.id, verifyCode };
      }
      if (at.due === null) return { refused: 'none' as const };
      if (at.pending || at.outstanding <= 0) return { refused: 'twice' as const };
      if (c.amount > at.outstanding) return { refused: 'amount' as const };
      const row = await trx
        .insertInto('legacy_repayments')
        .values({
          order_id: c.orderId,
          repay_token: c.token,
          borrower_id: c.borrower,
          card_id: c.cardId,
          amount: c.amount,
          coupon_id: c.couponId,
          need_valid: c.needValid ? 1 : 0,
          verify_code: verifyCode,
          attempts: 0,
          // pending: awaiting its code (holds the order PENDING_MS); submitted: sent for payment.
          status: c.needValid ? 'pending' : 'submitted',
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, verifyCode };
    });
  } catch (error) {
    if (await findRecordByToken(db, c.orderId, c.token)) return { refused: 'twice' };
    throw error;
  }
}

export type ConfirmResult = 'ok' | 'missing' | 'done' | 'wrong' | 'locked' | 'expired';

/** Checks the code of a pending repayment under the order's lock: confirmed, counted wrong, or refused. */
export async function confirmRepayment(
  db: Db,
  borrower: string,
  orderId: string,
  id: number,
  code: string,
): Promise<ConfirmResult> {
  return withOrderLock(db, orderId, borrower, async (trx) => {
    // Retires a lapsed record first, so a code that came too late is refused as such.
    await position(trx, orderId, borrower, 'repay');
    const row = await trx
      .selectFrom('legacy_repayments')
      .selectAll()
      .where('id', '=', id)
      .where('order_id', '=', orderId)
      .where('borrower_id', '=', borrower)
      .executeTakeFirst();
    if (!row) return 'missing';
    if (row.status === 'expired') return 'expired';
    if (row.status === 'locked' || (row.status === 'pending' && row.attempts >= MAX_VERIFY_ATTEMPTS))
      return 'locked';
    if (row.status !== 'pending') return 'done';
    if (row.verify_code !== code.trim()) {
      const attempts = row.attempts + 1;
      // Locked, the record no longer holds the order: the borrower starts again (800008).
      await trx
        .updateTable('legacy_repayments')
        .set({ attempts, status: attempts >= MAX_VERIFY_ATTEMPTS ? 'locked' : 'pending' })
        .where('id', '=', id)
        .execute();
      return 'wrong';
    }
    await trx.updateTable('legacy_repayments').set({ status: 'confirmed' }).where('id', '=', id).execute();
    return 'ok';
  });
}

export async function latestVerifyCode(db: Db, orderId: string) {
  return db
    .selectFrom('legacy_repayments')
    .select(['id', 'verify_code', 'status'])
    .where('order_id', '=', orderId)
    .where('need_valid', '=', 1)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
