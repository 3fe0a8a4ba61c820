// What the studio needs of the server, handed to its plugin as one typed object (never read from
// decorations of the instance it is registered on: on its own port, src/server/studio-server.ts,
// that is a second Fastify instance, and a decoration it lacked was a 500 in production, issue 28
// item 2), and the accounts side built once from it.
import { accountsOf, type Accounts } from '../../accounts/accounts.js';
import { sessionsOf, type Sessions } from '../../accounts/sessions.js';
import { signInWith, type SignInResult } from '../../accounts/sign-in.js';
import type { ResolvedConfig } from '../../config.js';
import type { Db } from '../../db/schema.js';
import type { Experiments } from '../../experiments/index.js';
import type { Content } from '../../publishing/content.js';

/** Everything the studio's pages and API use of the server (its only way to reach it). */
export interface StudioDeps {
  db: Db;
  cfg: ResolvedConfig;
  /** Documents, drafts, publications and preview links (src/server/publishing/). */
  content: Content;
  /** Rollouts and experiments (src/server/experiments/). */
  experiments: Experiments;
}

export interface StudioServices extends StudioDeps {
  accounts: Accounts;
  sessions: Sessions;
  signIn(input: { username: string; password: string; ip: string; userAgent: string }): Promise<SignInResult>;
}

export function studioServices(deps: StudioDeps): StudioServices {
  const { cfg, db } = deps;
  const accounts = accountsOf(db, { now: cfg.now, passwordCost: cfg.passwordCost });
  // Demo accounts sign in only to the demo server (with its demo data).
  const sessions = sessionsOf(db, { now: cfg.now, demo: cfg.demoAccounts });
  return {
    ...deps,
    accounts,
    sessions,
    signIn: signInWith({
      db,
      accounts,
      sessions,
      now: cfg.now,
      demo: cfg.demoAccounts,
      passwordCost: cfg.passwordCost,
    }),
  };
}
