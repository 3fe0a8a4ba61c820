import type { FastifyInstance } from 'fastify';
import { SERVER_GOALS } from '../events/goals.js';
import { writeOnce } from '../idempotency/index.js';
import { access, borrowerOf } from '../identity/index.js';
import { ok, registerFamilyErrors, v3Fail } from '../lib/envelope.js';
import { parseJson } from '../db/json.js';
import { findOrder } from '../repos/orders.js';
import { createPayRequest, findDelay, findPlan, listChannels, planView } from '../repos/repayment.js';
import { repaymentSchemas as s } from '../schemas/repayment.js';

interface OrderBody {
  productId?: string;
  orderId: string;
}

/** Installment and extension repayment pages and the pay-code request (v3 family, §7.4). */
export default async function repaymentPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'v3');
  const db = app.db;

  app.post(
    '/v3/installment/loan-play-detail',
    { schema: s.installment, ...access.read },
    async (request, reply) => {
      const { orderId } = request.body as OrderBody;
      const order = await findOrder(db, borrowerOf(request), orderId);
      if (!order) return reply.code(404).send(v3Fail('Order not found'));
      const plan = await findPlan(db, order.id);
      if (!plan) return v3Fail('This order has nothing to repay');
      return ok('v3', await planView(db, order, plan));
    },
  );

  app.post('/ndustan/imitating', { schema: s.imitating, ...access.read }, async (request, reply) => {
    const { orderId } = request.body as OrderBody;
    const order = await findOrder(db, borrowerOf(request), orderId);
    if (!order) return reply.code(404).send(v3Fail('Order not found'));
    const [plan, delay] = [await findPlan(db, order.id), await findDelay(db, order.id)];
    if (!plan || !delay || order.is_delay !== '1') return v3Fail('This order cannot be extended');
    return ok('v3', {
      ...(await planView(db, order, plan)),
      delayInfo: {
        title: delay.title,
        delayAmount: delay.delay_amount,
        nextRepayDate: delay.next_repay_date,
      },
      repayPlan: parseJson(delay.repay_plan_json, []),
    });
  });

  app.post(
    '/v3/loan-details/generate-vcode',
    { schema: s.generateVcode, ...access.write },
    async (request, reply) => {
      const b = request.body as OrderBody & { amount: number; isDelay?: number; channelNumber: string };
      const borrower = borrowerOf(request);
      const order = await findOrder(db, borrower, b.orderId);
      if (!order) return reply.code(404).send(v3Fail('Order not found'));
      const channels = await listChannels(db);
      if (!channels.some((c) => c.channel_number === b.channelNumber))
        return v3Fail('Unknown payment channel');
      const isDelay = b.isDelay === 1;
      const nothing = isDelay ? 'This order cannot be extended' : 'This order has nothing to repay';
      // D-38: installment pays repayAmount, extension pays delayAmount; anything else is refused.
      const due = isDelay
        ? (await findDelay(db, order.id))?.delay_amount
        : (await findPlan(db, order.id))?.repay_amount;
      if (due === undefined) return v3Fail(nothing);
      if (b.amount !== due) return v3Fail('The amount does not match the amount due');
      const payment = {
        borrower: borrower.id,
        orderId: order.id,
        channelNumber: b.channelNumber,
        amount: b.amount,
        isDelay,
      };
      let paying = false;
      const answer = await writeOnce(request, reply, async (trx) => {
        const pay = await createPayRequest(trx, payment);
        if ('refused' in pay) return v3Fail(PAY_REFUSALS[pay.refused] ?? nothing);
        paying = true;
        return ok('v3', { payUrl: pay.payUrl });
      });
      if (paying) app.measurement.goal(request, SERVER_GOALS.repayment);
      return answer;
    },
  );
}

/** Why a pay code is refused (repos/ledger.ts), in words the borrower can act on. */
const PAY_REFUSALS: Record<string, string | undefined> = {
  pending: 'A payment for this order is already in progress. Finish it, or choose again in 15 minutes.',
  nothing: 'This order has nothing left to repay: your payments are on their way.',
  over: 'The amount is more than what is left to repay.',
};
