import type { FastifyInstance, FastifyRequest } from 'fastify';
import { demoJointFail } from '../demo/promo.js';
import { SERVER_GOALS } from '../events/goals.js';
import { writeOnce } from '../idempotency/index.js';
import { access, borrowerOf } from '../identity/index.js';
import { fail, ok, registerFamilyErrors } from '../lib/envelope.js';
import { agreementItem, agreementUrl, listAgreements } from '../repos/agreements.js';
import { recordEvent } from '../repos/events.js';
import { createOrder, lendDetailsUrl } from '../repos/orders.js';
import {
  amountRange,
  confirmView,
  findProduct,
  quoteProblem,
  variantConfirmExtras,
} from '../repos/products.js';
import type { ProductRow } from '../repos/products.js';
import { parseJson } from '../db/json.js';
import { variantSchemas as s } from '../schemas/variant.js';
import { toVariant } from '../variant/fields.js';
import { CONTRACT_SCENE } from './loan.js';
import { pageConfig } from './static-app.js';

/**
 * Where a product jump leads: an absolute same-origin http(s) address (opened by the page) or the
 * app's own product-detail scheme (configuration productDetailScheme, D-39), handed to the native
 * bridge, as each product is configured. The page passes the bridge no other scheme (issue 20 §4).
 */
function jumpTarget(request: FastifyRequest, p: ProductRow, scheme: string): string {
  const query = new URLSearchParams({ productId: p.id }).toString();
  return p.jump_kind === 'http'
    ? `${request.protocol}://${request.host}/product?${query}`
    : `${scheme}${encodeURIComponent(p.id)}`;
}

/** Obfuscated-endpoint variant (§7.5): success '00', replies renamed by variant/fields.ts. */
export default async function variantPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'variant');
  const db = app.db;
  const done = (data: unknown, message = 'success') => ok('variant', toVariant(data), message);
  const missing = fail('variant', '404', 'Product not found');
  const productScheme = pageConfig(app.cfg.dev).productDetailScheme;

  app.post('/gopia/goya/satire', { schema: s.satire, ...access.public }, async (request, reply) => {
    const product = await findProduct(db, (request.body as { productId: string }).productId);
    if (!product) return reply.code(404).send(missing);
    if (product.enabled !== 1) return fail('variant', '403', 'This product is not available now');
    return done({ ...confirmView(product, app.cfg.now()), ...variantConfirmExtras(product) });
  });

  app.get('/gopia/goya/cultures', { schema: s.cultures, ...access.public }, async (request) => {
    const { scene } = request.query as { scene?: number };
    const rows = await listAgreements(db, scene ?? CONTRACT_SCENE);
    return done(rows.map(agreementItem));
  });

  app.get(
    '/gopia/goya/misunderstood',
    { schema: s.misunderstood, ...access.public },
    async (request, reply) => {
      const q = request.query as { productId: string; scene?: number; position: number; orderId?: string };
      const url = await agreementUrl(db, q.scene ?? CONTRACT_SCENE, q.position, q.productId, q.orderId);
      if (!url) return reply.code(404).send(fail('variant', '404', 'Agreement not found'));
      return done({ contract_url: url });
    },
  );

  app.post('/gopia/goya/depush', { schema: s.depush, ...access.write }, async (request, reply) => {
    const b = request.body as { amount: number; periods: number; termUnit: string; productId: string };
    const product = await findProduct(db, b.productId);
    if (!product) return reply.code(404).send(missing);
    const problem = quoteProblem(product, b);
    if (problem) return fail('variant', '403', problem);
    const answer = await writeOnce(request, reply, async (trx) => {
      const orderId = await createOrder(trx, borrowerOf(request).id, product, b);
      return done({ lendDetailsUrl: lendDetailsUrl(orderId, product.id), orderId });
    });
    app.measurement.goal(request, SERVER_GOALS.application);
    return answer;
  });

  app.post('/gopia/goya/drowns', { schema: s.drowns, ...access.public }, async () => {
    const products = (await app.catalogue.list()).filter((p) => demoJointFail.productIds.includes(p.id));
    return done({
      noticeMessage: demoJointFail.noticeMessage,
      errMessage: demoJointFail.errMessage,
      list: products.map((p) => ({
        id: p.id,
        logo: p.logo,
        name: p.name,
        buttonText: p.button_text,
        range: amountRange(p),
        rangeDesc: p.range_desc,
        rate: p.rate_desc,
        description: p.description,
        tags: parseJson<string[]>(p.tags_json, []),
        enabled: p.enabled,
      })),
    });
  });

  app.post('/gopia/goya/because', { schema: s.because, ...access.write }, async (request, reply) =>
    writeOnce(request, reply, async (trx) => {
      await recordEvent(trx, borrowerOf(request).id, 'variant-click', request.body);
      return ok('variant', {});
    }),
  );

  app.post('/gopia/goya/define', { schema: s.define, ...access.read }, async (request, reply) => {
    const b = request.body as { productId: string };
    const product = await findProduct(db, b.productId);
    if (!product) return reply.code(404).send(missing);
    // The jump is a read; the click is logged only for a signed-in borrower (no write without a session).
    const borrower = borrowerOf(request);
    if (borrower.signedIn) await recordEvent(db, borrower.id, 'variant-define', b);
    if (product.enabled !== 1) return fail('variant', '403', 'This product is not available now');
    return ok('variant', jumpTarget(request, product, productScheme));
  });
}
