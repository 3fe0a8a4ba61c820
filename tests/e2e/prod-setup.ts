// What an operator does once to a production database before the studio specs use it (issue 28
// item 2): the staff accounts, made with the account commands (`npm run studio:user -- add`); and,
// standing in for the lender's loan system (which owns orders, not this server), the seeded demo
// orders, cards and complaints given to E2E_BORROWER. Run as a script before `src/server/main.ts` (playwright.config.ts)
// on the database of the environment, or called by tests/e2e/clock-server.ts on its own.
import type { Kysely } from 'kysely';
import { runUserCommand } from '../../src/server/accounts/cli';
import { optionsFromEnv, resolveConfig } from '../../src/server/config';
import { openDb } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed';
import { DEMO_BORROWER } from '../../src/server/identity/types';
import { E2E_BORROWER, STAFF } from './prod-env';

export async function prepareProduction(db: Kysely<Database>, now = new Date()): Promise<void> {
  // The catalogue, landing templates and the demo orders (LENDER_SEED_DEMO=1 would do the same),
  // on the server's clock (clock-server.ts moves it): the demo's due dates are days from `now`.
  await seedDemo(db, now);
  for (const table of ['orders', 'bank_cards', 'complaints'] as const)
    await db
      .updateTable(table)
      .set({ borrower_id: E2E_BORROWER })
      .where('borrower_id', '=', DEMO_BORROWER)
      .execute();
  for (const who of Object.values(STAFF)) {
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), password: async () => who.password };
    const known = await db
      .selectFrom('studio_accounts')
      .select('id')
      .where('username', '=', who.username)
      .executeTakeFirst();
    if (known) continue;
    const code = await runUserCommand(db, ['add', who.username, '--role', who.role, '--name', who.name], io);
    if (code !== 0) throw new Error(`studio:user add ${who.username}: ${out.join(' ')}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const handle = openDb(resolveConfig(optionsFromEnv()).db);
  try {
    await migrateToLatest(handle);
    await prepareProduction(handle.db);
  } finally {
    await handle.close();
  }
}
