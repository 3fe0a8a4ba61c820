import type { FastifyInstance } from 'fastify';
import { SERVER_GOALS } from '../events/goals.js';
import { writeOnce } from '../idempotency/index.js';
import { access, borrowerOf } from '../identity/index.js';
import { ok, registerFamilyErrors, v3Fail } from '../lib/envelope.js';
import { parseJson } from '../db/json.js';
import { findOrder } from '../repos/orders.js';
import { repaidOf, settled, type Repaid } from '../repos/repaid.js';
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
      return ok('v3', await planView(db, order, plan, await repaidOf(db, order.id, borrowerOf(request).id)));
    },
  );

  app.post('/ndustan/imitating', { schema: s.imitating, ...access.read }, async (request, reply) => {
    const { orderId } = request.body as OrderBody;
    const order = await findOrder(db, borrowerOf(request), orderId);
    if (!order) return reply.code(404).send(v3Fail('Order not found'));
    const [plan, delay] = [await findPlan(db, order.id), await findDelay(db, order.id)];
    if (!plan || !delay || order.is_delay !== '1') return v3Fail('This order cannot be extended');
    const repaid = await repaidOf(db, order.id, borrowerOf(request).id);
    if (settled(repaid)) return v3Fail(NOTHING_TO_EXTEND);
    return ok('v3', {
      ...(await planView(db, order, plan, repaid)),
      delayInfo: {
        title: delay.title,
        delayAmount: delay.delay_amount,
        nextRepayDate: delay.next_repay_date,
      },
      repayPlan: balanceLeft(parseJson<PlanRowView[]>(delay.repay_plan_json, []), plan.repay_amount, repaid),
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
      // repayAmount is what is left after the borrower's repayments (issue 29 §2), so a part-paid
      // order is finished by a pay code for the rest; a repaid one has nothing to pay or extend.
      const repaid = await repaidOf(db, order.id, borrower.id);
      if (settled(repaid)) return v3Fail(isDelay ? NOTHING_TO_EXTEND : PAY_REFUSALS.nothing!);
      const due = isDelay ? (await findDelay(db, order.id))?.delay_amount : repaid?.left;
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
  nothing: 'This order is fully repaid: there is nothing left to repay.',
  over: 'The amount is more than what is left to repay.',
};

const NOTHING_TO_EXTEND = 'This order is fully repaid: there is nothing to extend.';

interface PlanRowView {
  remark: string;
  title: string;
  amount: number;
  time: string;
}

/**
 * The extension's plan rows with the balance after it as what is left: the stored plan gives the
 * balance as the plan's total (src/server/demo/repayment.ts), which repayments have reduced.
 */
function balanceLeft(rows: PlanRowView[], total: number, repaid: Repaid | null): PlanRowView[] {
  if (!repaid || repaid.paid <= 0) return rows;
  return rows.map((row) => (row.amount === total ? { ...row, amount: repaid.left } : row));
}
