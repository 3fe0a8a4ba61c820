import type { FastifyInstance } from 'fastify';
import { SERVER_GOALS } from '../events/goals.js';
import { writeOnce } from '../idempotency/index.js';
import { access, borrowerOf } from '../identity/index.js';
import { fail, ok, registerFamilyErrors } from '../lib/envelope.js';
import { repayCards } from '../repos/bank.js';
import { position } from '../repos/ledger.js';
import * as legacy from '../repos/legacy.js';
import { findOrder } from '../repos/orders.js';
import { createPayRequest } from '../repos/repayment.js';
import { legacySchemas as s } from '../schemas/legacy.js';

/** Legacy pay-way codes (spec §8 gives 800005 and 800006; the others are ours, docs/api.md). */
export const LEGACY = {
  nothingToRepay: [800001, '该订单无需还款'],
  badToken: [800002, '还款信息已失效，请刷新后重试'],
  noCard: [800003, '请先选择银行卡'],
  noRecord: [800004, '还款记录不存在'],
  twice: [800005, '请勿重复提交还款'],
  wrongCode: [800006, '验证码错误'],
  badAmount: [800007, '还款金额不正确'],
  locked: [800008, '验证码错误次数过多，请重新发起还款'],
} as const;

const refuse = ([code, message]: readonly [number, string]) => fail('legacy', code, message);

/** Money refusals (repos/ledger.ts): a second pending or a fully submitted order reads as a resubmission. */
const COMMIT_REFUSALS = {
  none: LEGACY.nothingToRepay,
  twice: LEGACY.twice,
  amount: LEGACY.badAmount,
  expired: LEGACY.badToken,
  locked: LEGACY.locked,
} as const;
const PAY_REFUSALS = {
  none: LEGACY.nothingToRepay,
  pending: LEGACY.twice,
  nothing: LEGACY.twice,
  over: LEGACY.badAmount,
} as const;

/** Legacy card repayment: pay way, commit, confirm with a code, huichao redirect (§7.6). */
export default async function legacyPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'legacy');
  const db = app.db;
  const notFound = fail('legacy', '404', 'Order not found');

  app.post('/nepenthes/repayment-way', { schema: s.way, ...access.read }, async (request, reply) => {
    const borrower = borrowerOf(request);
    const order = await findOrder(db, borrower, (request.body as { orderId: string }).orderId);
    if (!order) return reply.code(404).send(notFound);
    // What is left once submitted and pending repayments are counted (read only: the commit checks again under the lock).
    const at = await position(db, order.id, borrower.id, 'repay', Date.now(), false);
    if (at.pending) return refuse(LEGACY.twice);
    if (at.due === null || at.outstanding <= 0) return refuse(LEGACY.nothingToRepay);
    return ok('legacy', {
      alipay: '',
      // A token is a write: none for the demo fallback of a request without a session.
      repayToken: borrower.signedIn ? await legacy.issueRepayToken(db, borrower.id, order.id) : '',
      repayAmount: at.outstanding,
      bankCards: await repayCards(db, borrower),
    });
  });

  app.post('/nepenthes/repayment-commit', { schema: s.commit, ...access.write }, async (request, reply) => {
    const b = request.body as {
      amount: number;
      cardId: number;
      orderId: string;
      repayToken: string;
      couponId?: string;
      sendMsg?: number;
    };
    const borrower = borrowerOf(request);
    const order = await findOrder(db, borrower, b.orderId);
    if (!order) return reply.code(404).send(notFound);
    if (!(await legacy.tokenValid(db, borrower.id, order.id, b.repayToken))) return refuse(LEGACY.badToken);
    if (!(await repayCards(db, borrower)).some((c) => c.id === b.cardId)) return refuse(LEGACY.noCard);
    const commit = {
      orderId: order.id,
      token: b.repayToken,
      borrower: borrower.id,
      cardId: b.cardId,
      amount: b.amount,
      couponId: b.couponId ?? '',
      needValid: b.sendMsg === 1,
    };
    let code = '';
    let submitted = false;
    const answer = await writeOnce(request, reply, async (trx) => {
      const record = await legacy.commitRepayment(trx, commit);
      if ('refused' in record) return refuse(COMMIT_REFUSALS[record.refused]);
      code = record.verifyCode;
      submitted = !record.verifyCode;
      return ok('legacy', { needValid: record.verifyCode ? 1 : 0, repayRecordId: record.id });
    });
    // Without a code to confirm, the repayment is submitted now; with one, when it is confirmed.
    if (code) app.announceCode('repayment code', order.id, code);
    else if (submitted) app.measurement.goal(request, SERVER_GOALS.repayment);
    return answer;
  });

  app.post('/nepenthes/repayment-confirm', { schema: s.confirm, ...access.write }, async (request, reply) => {
    const b = request.body as { orderId: string; verifyCode: string; repaymentRecordId: number };
    const borrower = borrowerOf(request).id;
    let confirmed = false;
    const answer = await writeOnce(request, reply, async (trx) => {
      const result = await legacy.confirmRepayment(
        trx,
        borrower,
        b.orderId,
        b.repaymentRecordId,
        b.verifyCode,
      );
      if (result === 'missing') return refuse(LEGACY.noRecord);
      if (result === 'done') return refuse(LEGACY.twice);
      if (result === 'locked') return refuse(LEGACY.locked);
      if (result === 'expired') return refuse(LEGACY.badToken);
      if (result === 'wrong') return refuse(LEGACY.wrongCode);
      confirmed = true;
      return ok('legacy', {}, '还款已提交');
    });
    // After the commit: the goal is the repayment, and a retry of the key never reaches here.
    if (confirmed) app.measurement.goal(request, SERVER_GOALS.repayment);
    return answer;
  });

  app.post('/nepenthes/repayment-huichao', { schema: s.huichao, ...access.write }, async (request, reply) => {
    const b = request.body as { orderId: string; amount: number };
    const borrower = borrowerOf(request);
    const order = await findOrder(db, borrower, b.orderId);
    if (!order) return reply.code(404).send(notFound);
    const payment = {
      borrower: borrower.id,
      orderId: order.id,
      channelNumber: 'huichao',
      amount: b.amount,
      isDelay: false,
    };
    let paying = false;
    const answer = await writeOnce(request, reply, async (trx) => {
      const pay = await createPayRequest(trx, payment);
      if ('refused' in pay) return refuse(PAY_REFUSALS[pay.refused]);
      paying = true;
      return ok('legacy', { url: pay.payUrl });
    });
    if (paying) app.measurement.goal(request, SERVER_GOALS.repayment);
    return answer;
  });
}
