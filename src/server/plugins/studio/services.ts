// The accounts side of the studio, built once per server from its database and config.
import type { FastifyInstance } from 'fastify';
import { accountsOf, type Accounts } from '../../accounts/accounts.js';
import { sessionsOf, type Sessions } from '../../accounts/sessions.js';
import { signInWith, type SignInResult } from '../../accounts/sign-in.js';

export interface StudioServices {
  accounts: Accounts;
  sessions: Sessions;
  signIn(input: { username: string; password: string; ip: string; userAgent: string }): Promise<SignInResult>;
}

export function studioServices(app: FastifyInstance): StudioServices {
  const { cfg, db } = app;
  const accounts = accountsOf(db, { now: cfg.now, passwordCost: cfg.passwordCost });
  // Demo accounts sign in only to the demo server (with its demo data).
  const sessions = sessionsOf(db, { now: cfg.now, demo: cfg.demoAccounts });
  return {
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
