import type { FastifyInstance } from 'fastify';
import { borrowerOf } from '../lib/borrower.js';
import { fail, ok, registerFamilyErrors } from '../lib/envelope.js';
import { repayCards } from '../repos/bank.js';
import * as legacy from '../repos/legacy.js';
import { findOrder } from '../repos/orders.js';
import { createPayRequest, findPlan } from '../repos/repayment.js';
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

/** Legacy card repayment: pay way, commit, confirm with a code, huichao redirect (§7.6). */
export default async function legacyPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'legacy');
  const db = app.db;
  const notFound = fail('legacy', '404', 'Order not found');

  app.post('/nepenthes/repayment-way', { schema: s.way }, async (request, reply) => {
    const borrower = borrowerOf(request);
    const order = await findOrder(db, borrower, (request.body as { orderId: string }).orderId);
    if (!order) return reply.code(404).send(notFound);
    const plan = await findPlan(db, order.id);
    if (!plan) return refuse(LEGACY.nothingToRepay);
    return ok('legacy', {
      alipay: '',
      repayToken: await legacy.issueRepayToken(db, borrower, order.id),
      repayAmount: plan.repay_amount,
      bankCards: await repayCards(db, borrower),
    });
  });

  app.post('/nepenthes/repayment-commit', { schema: s.commit }, async (request, reply) => {
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
    const plan = await findPlan(db, order.id);
    if (!plan) return refuse(LEGACY.nothingToRepay);
    if (!(await legacy.tokenValid(db, borrower, order.id, b.repayToken))) return refuse(LEGACY.badToken);
    // Checked before the card and amount so a resubmission always reads as a resubmission.
    if (await legacy.findRecordByToken(db, order.id, b.repayToken)) return refuse(LEGACY.twice);
    if (!(await repayCards(db, borrower)).some((c) => c.id === b.cardId)) return refuse(LEGACY.noCard);
    if (b.amount > plan.repay_amount) return refuse(LEGACY.badAmount);
    const record = await legacy.commitRepayment(db, {
      orderId: order.id,
      token: b.repayToken,
      borrower,
      cardId: b.cardId,
      amount: b.amount,
      couponId: b.couponId ?? '',
      needValid: b.sendMsg === 1,
    });
    if (!record) return refuse(LEGACY.twice);
    if (record.verifyCode) app.announceCode('repayment code', order.id, record.verifyCode);
    return ok('legacy', { needValid: record.verifyCode ? 1 : 0, repayRecordId: record.id });
  });

  app.post('/nepenthes/repayment-confirm', { schema: s.confirm }, async (request) => {
    const b = request.body as { orderId: string; verifyCode: string; repaymentRecordId: number };
    const result = await legacy.confirmRepayment(
      db,
      borrowerOf(request),
      b.orderId,
      b.repaymentRecordId,
      b.verifyCode,
    );
    if (result === 'missing') return refuse(LEGACY.noRecord);
    if (result === 'done') return refuse(LEGACY.twice);
    if (result === 'locked') return refuse(LEGACY.locked);
    if (result === 'wrong') return refuse(LEGACY.wrongCode);
    return ok('legacy', {}, '还款已提交');
  });

  app.post('/nepenthes/repayment-huichao', { schema: s.huichao }, async (request, reply) => {
    const b = request.body as { orderId: string; amount: number };
    const borrower = borrowerOf(request);
    const order = await findOrder(db, borrower, b.orderId);
    if (!order) return reply.code(404).send(notFound);
    return ok('legacy', { url: await createPayRequest(db, borrower, order.id, 'huichao', b.amount, false) });
  });
}
