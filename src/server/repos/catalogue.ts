import type { Db } from '../db/schema.js';
import { listProducts, type ProductRow } from './products.js';

/** How long a read of the product list is reused: an edit to the catalogue shows within this. */
export const CATALOGUE_TTL_MS = 5_000;

export interface Catalogue {
  /** The products in display order; shared between requests, so frozen. */
  list(): Promise<readonly ProductRow[]>;
}

/**
 * The product catalogue changes when the lender edits it, not per borrower or per request, yet
 * loan details (the busiest call) lists it every time: one read serves every request for a few
 * seconds. Concurrent requests share the read in flight; a failed read is not kept.
 */
export function createCatalogue(
  db: Db,
  ttlMs = CATALOGUE_TTL_MS,
  now: () => number = () => Date.now(),
): Catalogue {
  let cached: { at: number; rows: Promise<readonly ProductRow[]> } | null = null;
  return {
    list() {
      if (cached && now() - cached.at < ttlMs) return cached.rows;
      const rows = listProducts(db).then((list) => Object.freeze(list.map((row) => Object.freeze(row))));
      const entry = { at: now(), rows };
      cached = entry;
      rows.catch(() => {
        if (cached === entry) cached = null;
      });
      return rows;
    },
  };
}
