import { nowIso } from '../db/json.js';
import type { Db } from '../db/schema.js';
import { randomDigits, randomToken } from '../lib/ids.js';

export const MAX_VERIFY_ATTEMPTS = 5;

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

/** Inserts the record; null when the (order, token) pair was already used (unique constraint). */
export async function commitRepayment(db: Db, c: Commit): Promise<{ id: number; verifyCode: string } | null> {
  const verifyCode = c.needValid ? randomDigits(6) : '';
  try {
    const row = await db
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
        status: c.needValid ? 'pending' : 'submitted',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, verifyCode };
  } catch (error) {
    if (await findRecordByToken(db, c.orderId, c.token)) return null;
    throw error;
  }
}

export type ConfirmResult = 'ok' | 'missing' | 'done' | 'wrong' | 'locked';

export async function confirmRepayment(
  db: Db,
  borrower: string,
  orderId: string,
  id: number,
  code: string,
): Promise<ConfirmResult> {
  const row = await db
    .selectFrom('legacy_repayments')
    .selectAll()
    .where('id', '=', id)
    .where('order_id', '=', orderId)
    .where('borrower_id', '=', borrower)
    .executeTakeFirst();
  if (!row) return 'missing';
  if (row.status !== 'pending') return 'done';
  if (row.attempts >= MAX_VERIFY_ATTEMPTS) return 'locked';
  if (row.verify_code !== code.trim()) {
    await db
      .updateTable('legacy_repayments')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', id)
      .execute();
    return 'wrong';
  }
  // Conditional update: of two concurrent confirms only one moves the record on.
  const result = await db
    .updateTable('legacy_repayments')
    .set({ status: 'confirmed' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'ok' : 'done';
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
