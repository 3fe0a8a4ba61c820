import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m001 from './001_loans.js';
import * as m002 from './002_service.js';
import * as m003 from './003_promo_legacy.js';

/** In-code provider: migrations ship inside the server, so no directory scan at run time. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '001_loans': m001,
    '002_service': m002,
    '003_promo_legacy': m003,
  }),
};
