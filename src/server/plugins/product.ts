import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, borrowerOf } from '../identity/index.js';
import { ok, registerFamilyErrors, v3Fail } from '../lib/envelope.js';
import { recordEvent } from '../repos/events.js';
import { findProduct, recProductView, type ProductRow } from '../repos/products.js';
import { productSchemas as s } from '../schemas/product.js';
import { appSchemeOf } from '../../config/origins.js';
import { pageConfig } from './static-app.js';

/**
 * Where applying for a product leads (§7.5: a target is opened when it is an http(s) address, and
 * handed to the native app otherwise): the loan confirm page of this server for products configured
 * so, else the native app's application flow.
 */
function applyTarget(request: FastifyRequest, p: ProductRow, scheme: string): string {
  const query = new URLSearchParams({ productId: p.id }).toString();
  return p.jump_kind === 'http'
    ? `${request.protocol}://${request.host}/loan/confirm?${query}`
    : `${scheme}//product/apply?${query}`;
}

/** The product page (/product) and the recommended list (/recommend), from the catalogue (v3 family). */
export default async function productPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'v3');
  const db = app.db;
  // The page hands the native bridge only the app's own scheme (issue 20 §4), so apply uses it too.
  const scheme = appSchemeOf(pageConfig(app.cfg.dev));

  app.post('/v3/product/list', { schema: s.list, ...access.public }, async () =>
    ok('v3', { list: (await app.catalogue.list()).map(recProductView) }),
  );

  app.post('/v3/product/detail', { schema: s.detail, ...access.public }, async (request, reply) => {
    const { productId } = request.body as { productId: string };
    const product = await findProduct(db, productId);
    if (!product) return reply.code(404).send(v3Fail('Product not found'));
    return ok('v3', recProductView(product));
  });

  app.post('/v3/product/apply', { schema: s.apply, ...access.read }, async (request, reply) => {
    const { productId } = request.body as { productId: string };
    const product = await findProduct(db, productId);
    if (!product) return reply.code(404).send(v3Fail('Product not found'));
    if (product.enabled !== 1) return v3Fail('This product is not available now');
    if (product.jump_kind !== 'http' && !scheme) return v3Fail('Apply for this product in the app');
    await recordEvent(db, borrowerOf(request).id, 'product-apply', { productId });
    return ok('v3', { target: applyTarget(request, product, scheme) });
  });
}
