// @vitest-environment node
// The product catalogue is read at most once per CATALOGUE_TTL_MS (issue 10: loan details, the
// busiest call, listed every product on every request). An edit to the catalogue still shows.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_TTL_MS, createCatalogue } from '../../src/server/repos/catalogue.js';
import { backends, post, startServer, type TestServer } from './helpers.js';

describe.each(backends)('product catalogue on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  const recommended = async () => {
    const { body } = await post(s.app, '/v3/loan-details/loan-details', { orderId: 'ORD-174-D' });
    return (body.data.recProducts as { productId: string; productName: string }[]).map((p) => p.productName);
  };

  it('loan details shows a renamed product once the catalogue is read again', async () => {
    let now = 1_000;
    const catalogue = createCatalogue(s.app.db, CATALOGUE_TTL_MS, () => now);
    const select = vi.spyOn(s.app.db, 'selectFrom');
    const [a, b] = await Promise.all([catalogue.list(), catalogue.list()]);
    expect(a).toBe(b);
    // The server's own background work (schedules, change listener) reads other tables meanwhile.
    expect(select.mock.calls.filter(([table]) => table === 'products')).toHaveLength(1);

    await s.app.db.updateTable('products').set({ name: 'Renamed' }).where('id', '=', 'P-2').execute();
    expect((await catalogue.list()).find((p) => p.id === 'P-2')?.name).not.toBe('Renamed');
    now += CATALOGUE_TTL_MS;
    expect((await catalogue.list()).find((p) => p.id === 'P-2')?.name).toBe('Renamed');
    select.mockRestore();
  });

  it('the server itself picks the edit up within the time-to-live', async () => {
    const before = await recommended();
    await s.app.db.updateTable('products').set({ name: 'Edited' }).where('id', '=', 'P-4').execute();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + CATALOGUE_TTL_MS + 1 });
    try {
      const after = await recommended();
      expect(after).toContain('Edited');
      expect(after).toHaveLength(before.length);
    } finally {
      vi.useRealTimers();
    }
  });
});
