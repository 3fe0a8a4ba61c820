import type { ResolvedConfig } from '../config.js';

/**
 * Demo mode: a read without a session falls back to the seeded demo borrower, and every borrower
 * also reads the seeded demo orders and cards. Production mode has neither. Today production mode
 * is LENDER_DEV=0 (`cfg.dev` false); this is the one place that decides it.
 */
export const demoMode = (cfg: ResolvedConfig): boolean => cfg.dev;
