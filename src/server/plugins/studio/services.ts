// What the studio needs of the server, handed to its plugin as one typed object (never read from
// decorations of the instance it is registered on: on its own port, src/server/studio-server.ts,
// that is a second Fastify instance, and a decoration it lacked was a 500 in production, issue 28
// item 2), and the accounts side built once from it.
import { accountsOf, type Accounts } from '../../accounts/accounts.js';
import { devicesOf, type Devices } from '../../accounts/devices.js';
import { sessionsOf, type Sessions } from '../../accounts/sessions.js';
import { signInLimitsOf, type SignInLimits } from '../../accounts/sign-in-limits.js';
import { signInWith, type SignInInput, type SignInResult } from '../../accounts/sign-in.js';
import type { ResolvedConfig } from '../../config.js';
import type { DbHealth } from '../../db/health.js';
import type { Db } from '../../db/schema.js';
import type { Experiments } from '../../experiments/index.js';
import type { Content } from '../../publishing/content.js';

/** Everything the studio's pages and API use of the server (its only way to reach it). */
export interface StudioDeps {
  db: Db;
  /** The database's faults as the server has seen them (db/health.ts): the status route's probe. */
  dbHealth: DbHealth;
  cfg: ResolvedConfig;
  /** Documents, drafts, publications and preview links (src/server/publishing/). */
  content: Content;
  /** Rollouts and experiments (src/server/experiments/). */
  experiments: Experiments;
}

export interface StudioServices extends StudioDeps {
  accounts: Accounts;
  sessions: Sessions;
  devices: Devices;
  limits: SignInLimits;
  signIn(input: SignInInput): Promise<SignInResult>;
}

export function studioServices(deps: StudioDeps): StudioServices {
  const { cfg, db } = deps;
  const accounts = accountsOf(db, { now: cfg.now, passwordCost: cfg.passwordCost });
  // Demo accounts sign in only to the demo server (with its demo data).
  const sessions = sessionsOf(db, { now: cfg.now, demo: cfg.demoAccounts });
  const devices = devicesOf(db, cfg.now);
  const limits = signInLimitsOf(db, cfg.now);
  return {
    ...deps,
    accounts,
    sessions,
    devices,
    limits,
    signIn: signInWith({
      db,
      accounts,
      sessions,
      devices,
      limits,
      now: cfg.now,
      demo: cfg.demoAccounts,
      passwordCost: cfg.passwordCost,
    }),
  };
}
