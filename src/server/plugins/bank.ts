import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { writeOnce } from '../idempotency/index.js';
import { access, borrowerOf } from '../identity/index.js';
import { fail, ok, registerFamilyErrors } from '../lib/envelope.js';
import { bankForm, checkBinding, saveCard } from '../repos/bank.js';
import { bankSchemas as s } from '../schemas/bank.js';

/** Refusal of a bind payload the form does not accept (shared-helper family, toast of the message). */
export const BIND_REFUSED = 1001;

/** Bank card form, bind and change (nepenthes family, §7.2, D-27). */
export default async function bankPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'nepenthes');
  const db = app.db;

  app.post('/nepenthes/bank-card-init', { schema: s.init, ...access.read }, async (request) => {
    return ok('nepenthes', { items: await bankForm(db, borrowerOf(request)) });
  });

  const bind = (isChange: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as Record<string, unknown>;
    const borrower = borrowerOf(request);
    const items = await bankForm(db, borrower);
    const checked = checkBinding(items, body);
    if ('problem' in checked) return fail('nepenthes', BIND_REFUSED, checked.problem);
    const productId = String(body.product_id ?? (request.query as Record<string, unknown>).productId ?? '');
    return writeOnce(request, reply, async (trx) => {
      const cardId = await saveCard(trx, borrower, productId, items, checked.fields, isChange);
      return ok('nepenthes', { success: true, cardId }, isChange ? 'Card changed' : 'Card bound');
    });
  };

  app.post('/nepenthes/bind-card', { schema: s.bind, ...access.write }, bind(false));
  app.post('/nepenthes/change-card', { schema: s.bind, ...access.write }, bind(true));
}
