import type { ResolvedConfig } from '../config.js';

/**
 * Demo mode: a read without a session falls back to the seeded demo borrower, and every borrower
 * also reads the seeded demo orders and cards. Production mode (NODE_ENV=production,
 * `cfg.production`, src/server/ops/production.ts) has neither, even with LENDER_SEED_DEMO=1. A
 * staging server with LENDER_DEV=0 alone keeps the demo's identities (docs/deploy.md). This is the
 * one place that decides it.
 */
export const demoMode = (cfg: ResolvedConfig): boolean => !cfg.production;
