// @vitest-environment node
// Queries compiled once and run with new values (issue 10: Kysely's build + compile per call was a
// third of the server's time on loan details). Each run must see its own values, never the first's.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preparedQuery } from '../../src/server/db/prepared.js';
import { createOrder, findOrder } from '../../src/server/repos/orders.js';
import { findProduct } from '../../src/server/repos/products.js';
import { backends, startServer, type TestServer } from './helpers.js';

describe.each(backends)('prepared queries on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  const productsIn = preparedQuery((db, v: { ids: readonly string[]; minSort: number }) =>
    db
      .selectFrom('products')
      .select('id')
      .where('id', 'in', v.ids)
      .where('sort', '>=', v.minSort)
      .orderBy('id'),
  );

  it('runs with each call’s own values, and list lengths are separate shapes', async () => {
    const compile = vi.spyOn(s.app.db, 'selectFrom');
    const ids = async (v: { ids: string[]; minSort: number }) =>
      (await productsIn(s.app.db, v)).map((r) => r.id);
    expect(await ids({ ids: ['P-1', 'P-2'], minSort: 0 })).toEqual(['P-1', 'P-2']);
    expect(await ids({ ids: ['P-3', 'P-4'], minSort: 0 })).toEqual(['P-3', 'P-4']);
    expect(await ids({ ids: ['P-2'], minSort: 0 })).toEqual(['P-2']);
    expect(await ids({ ids: ['P-1', 'P-2', 'P-3'], minSort: 1_000_000 })).toEqual([]);
    expect(await ids({ ids: ["P-1' or '1'='1"], minSort: 0 })).toEqual([]);
    // Built once per shape: two, three and one listed ids. Only builds on `products` count: the
    // server's own background reads (the published set's version check, experiments) share the db.
    expect(compile.mock.calls.filter(([table]) => table === 'products')).toHaveLength(3);
    compile.mockRestore();
  });

  it('refuses a query that would freeze a value into the cached SQL', async () => {
    const frozen = preparedQuery((db, v: { id: string }) =>
      db.selectFrom('products').select('id').where('id', '=', v.id).where('enabled', '=', 1),
    );
    await expect(frozen(s.app.db, { id: 'P-1' })).rejects.toThrow(/is not one of the values/);
  });

  it('an order is found for its borrower and the demo borrower, not for another borrower', async () => {
    const product = await findProduct(s.app.db, 'P-1');
    if (!product) throw new Error('no demo product P-1');
    const orderId = await createOrder(s.app.db, 'ana', product, {
      amount: 5000,
      periods: 1,
      termUnit: 'day',
    });
    // What identity/ gives a request in demo mode: its own id plus the seeded demo owner.
    const who = (id: string) => ({ id, readable: id === 'demo' ? ['demo'] : [id, 'demo'], signedIn: true });
    expect((await findOrder(s.app.db, who('ana'), orderId))?.id).toBe(orderId);
    expect(await findOrder(s.app.db, who('ben'), orderId)).toBeUndefined();
    // The demo orders are readable by every borrower (two owners) and by the demo borrower (one).
    expect((await findOrder(s.app.db, who('ben'), 'ORD-174-D'))?.id).toBe('ORD-174-D');
    expect((await findOrder(s.app.db, who('demo'), 'ORD-174-D'))?.product_name).toBeTruthy();
  });
});
