// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import { migrationProvider } from '../../src/server/db/migrations/index.js';
import { backends, postForm } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'lender-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function optionsFor(backend: string): { options: ServerOptions; cleanup: () => Promise<void> } {
  const common = {
    uploadsDir: join(dir, 'uploads'),
    screensDir: join(dir, 'screens'),
    distDir: join(dir, 'dist'),
  };
  if (backend === 'sqlite')
    return { options: { ...common, sqlitePath: join(dir, 'lender.sqlite') }, cleanup: async () => {} };
  const schema = `persist_${process.pid}_${Date.now()}`;
  return {
    options: { ...common, databaseUrl: process.env.DATABASE_URL, pgSchema: schema },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

describe.each(backends)('restart on %s', (backend) => {
  it('keeps what was saved, seeds only once and migrates only once', async () => {
    const { options, cleanup } = optionsFor(backend);
    try {
      const first = await buildServer(options);
      const saved = await postForm(first, '/nepenthes/problem-save?sessionId=persist', {
        problemType: 2,
        problemDetail: 'survives a restart',
      });
      expect(saved.body.code).toBe('00');
      await postForm(first, '/nepenthes/bind-card?sessionId=persist', {
        cardType: '2',
        walletType: '2',
        walletPhone: '09170000001',
      });
      const counts = async (app: typeof first) => ({
        products: (await app.db.selectFrom('products').select('id').execute()).length,
        orders: (await app.db.selectFrom('orders').select('id').execute()).length,
        complaints: (await app.db.selectFrom('complaints').select('id').execute()).length,
        migrations: Number(
          (await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(app.db)).rows[0]?.n,
        ),
      });
      const before = await counts(first);
      await first.close();

      const second = await buildServer(options);
      try {
        expect(await counts(second)).toEqual(before);
        const migrations = Object.keys(await migrationProvider.getMigrations()).length;
        expect(before).toEqual({ products: 5, orders: 9, complaints: 4, migrations });
        const detail = await postForm(second, '/nepenthes/problem-detail?sessionId=persist', {
          problemId: saved.body.data.problemId,
        });
        expect(detail.body.data.content).toBe('survives a restart');
        const card = await second.db
          .selectFrom('bank_cards')
          .selectAll()
          .where('borrower_id', '=', 'persist')
          .executeTakeFirstOrThrow();
        expect(card.card_no).toBe('09170000001');
      } finally {
        await second.close();
      }
    } finally {
      await cleanup();
    }
  });
});
