// Money in the end-to-end tests (issue 16 item 5): the server's integer cents turned into the
// preformatted strings D-06 allows, and the check for a doubled currency sign.
import type { Page } from '@playwright/test';

/** Every field that carries money in a reply (plain names and the variant's, docs/api.md). */
export const MONEY_KEYS = new Set(['amount', 'repayAmount', 'delayAmount', 'pebble']);

const peso = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}₱${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A reply with every integer money field as the server could preformat it ("₱3000.00"). */
export function amountsAsStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(amountsAsStrings);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    out[key] =
      MONEY_KEYS.has(key) && typeof field === 'number' && Number.isInteger(field)
        ? peso(field)
        : amountsAsStrings(field);
  }
  return out;
}

/** The API paths whose replies the string case rewrites: every JSON API of the app. */
const API = /^\/(nepenthes|v3|ndustan|gopia|api)\//;

/** Answers every API call with the real server's reply, its money fields as preformatted strings. */
export async function servePreformatted(page: Page): Promise<void> {
  await page.route(
    (url) => API.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return route.fulfill({ response });
      }
      await route.fulfill({ response, json: amountsAsStrings(body) });
    },
  );
}

/** Places in a text where a currency sign follows another (₱₱535.00, ₱ ₱5, ₹₱...). */
export function doubledSign(text: string): string[] {
  return [...text.matchAll(/\p{Sc}\s*\p{Sc}\S*/gu)].map((m) => m[0]);
}
