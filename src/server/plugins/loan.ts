import type { FastifyInstance } from 'fastify';
import { SERVER_GOALS } from '../events/goals.js';
import { writeOnce } from '../idempotency/index.js';
import { access, borrowerOf } from '../identity/index.js';
import { ok, registerFamilyErrors, v3Fail } from '../lib/envelope.js';
import { agreementItem, agreementUrl, listAgreements } from '../repos/agreements.js';
import { recordEvent } from '../repos/events.js';
import { createOrder, findOrder, lendDetailsUrl, loanDetailsView } from '../repos/orders.js';
import { confirmView, findProduct, quoteProblem } from '../repos/products.js';
import { orderAsRepaid } from '../repos/repaid.js';
import { loanSchemas as s } from '../schemas/loan.js';

export const CONTRACT_SCENE = 3;

/** Loan confirm, agreements, loan push, loan details, store rating and events: the v3 family (§7.4). */
export default async function loanPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'v3');
  const db = app.db;

  app.post(
    '/v3/loan-confirm/loan-detail-confirm',
    { schema: s.confirm, ...access.public },
    async (request, reply) => {
      const { productId } = request.body as { productId: string };
      const product = await findProduct(db, productId);
      if (!product) return reply.code(404).send(v3Fail('Product not found'));
      if (product.enabled !== 1) return v3Fail('This product is not available now');
      return ok('v3', confirmView(product, app.cfg.now()));
    },
  );

  app.get('/v3/contract/contract', { schema: s.contract, ...access.public }, async (request) => {
    const { scene } = request.query as { productId: string; scene?: number };
    const rows = await listAgreements(db, scene ?? CONTRACT_SCENE);
    return ok('v3', { data: rows.map(agreementItem) });
  });

  app.post(
    '/v3/contract/contract-jump',
    { schema: s.contractJump, ...access.public },
    async (request, reply) => {
      const b = request.body as { productId: string; scene?: number; position: number; orderId?: string };
      const url = await agreementUrl(db, b.scene ?? CONTRACT_SCENE, b.position, b.productId, b.orderId);
      if (!url) return reply.code(404).send(v3Fail('Agreement not found'));
      return ok('v3', { contract_url: url });
    },
  );

  app.post(
    '/v3/loan-confirm/loan-detail-push',
    { schema: s.push, ...access.write },
    async (request, reply) => {
      const b = request.body as { amount: number; periods: number; termUnit: string; productId: string };
      const product = await findProduct(db, b.productId);
      if (!product) return reply.code(404).send(v3Fail('Product not found'));
      const problem = quoteProblem(product, b);
      if (problem) return v3Fail(problem);
      const answer = await writeOnce(request, reply, async (trx) => {
        const orderId = await createOrder(trx, borrowerOf(request).id, product, b);
        return ok('v3', { lendDetailsUrl: lendDetailsUrl(orderId, product.id), orderId });
      });
      app.measurement.goal(request, SERVER_GOALS.application);
      return answer;
    },
  );

  app.post('/v3/loan-details/loan-details', { schema: s.details, ...access.read }, async (request, reply) => {
    const { orderId } = request.body as { orderId: string };
    const borrower = borrowerOf(request);
    const order = await findOrder(db, borrower, orderId);
    if (!order) return reply.code(404).send(v3Fail('Order not found'));
    // What is left to pay, and the settled status once nothing is (issue 29 §2).
    const shown = await orderAsRepaid(db, order, borrower.id);
    return ok('v3', loanDetailsView(shown, await app.catalogue.list(), app.cfg.telephone));
  });

  app.post(
    '/v3/loan-details/google-score',
    { schema: s.googleScore, ...access.write },
    async (request, reply) => {
      const b = request.body as { score: number; orderId?: string };
      const query = request.query as { orderId?: string };
      return writeOnce(request, reply, async (trx) => {
        await recordEvent(trx, borrowerOf(request).id, 'google-score', {
          score: b.score,
          orderId: b.orderId ?? query.orderId ?? '',
        });
        return ok('v3', {});
      });
    },
  );

  app.post('/service/event/save', { schema: s.eventSave, ...access.write }, async (request, reply) => {
    const b = request.body as { productId: string; moduleId: number; positionId: number };
    return writeOnce(request, reply, async (trx) => {
      await recordEvent(trx, borrowerOf(request).id, 'event', b);
      return ok('v3', {});
    });
  });
}
