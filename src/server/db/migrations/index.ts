import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m001 from './001_loans.js';
import * as m002 from './002_service.js';
import * as m003 from './003_promo_legacy.js';
import * as m010 from './010_money_identity.js';
import * as m020 from './020_audit.js';
import * as m021 from './021_accounts.js';
import * as m022 from './022_content.js';
import * as m040 from './040_track_events.js';
import * as m050 from './050_experiments.js';
import * as m060 from './060_idempotency_claims.js';
import * as m070 from './070_stored_files.js';
import * as m080 from './080_measurement_trust.js';
import * as m090 from './090_studio_guard.js';
import * as m100 from './100_studio_assets.js';

/** In-code provider: migrations ship inside the server, so no directory scan at run time. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '001_loans': m001,
    '002_service': m002,
    '003_promo_legacy': m003,
    '010_money_identity': m010,
    '020_audit': m020,
    '021_accounts': m021,
    '022_content': m022,
    '040_track_events': m040,
    '050_experiments': m050,
    '060_idempotency_claims': m060,
    '070_stored_files': m070,
    '080_measurement_trust': m080,
    '090_studio_guard': m090,
    '100_studio_assets': m100,
  }),
};
