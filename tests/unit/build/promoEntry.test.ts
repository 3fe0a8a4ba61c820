// The dev server and `vite preview` serve the promotion entry where the real server does
// (src/server/plugins/static-app.ts, isPromoPath): /promo and every address under it, the promotion
// pages' server-visible addresses (issue 26 item 3) included, and nothing else.
import { describe, expect, it } from 'vitest';
import { promoEntry } from '../../../src/app/build/screenSources';

type Middleware = (req: { url?: string }, res: unknown, next: () => void) => void;

function rewritten(url: string): string | undefined {
  let use: Middleware | null = null;
  const hook = promoEntry().configureServer as (server: {
    middlewares: { use(m: Middleware): void };
  }) => void;
  hook({ middlewares: { use: (m) => (use = m) } });
  const req = { url };
  use!(req, null, () => undefined);
  return req.url;
}

describe('promoEntry', () => {
  it('serves promo.html at the entry and at the server-visible addresses, with their query', () => {
    expect(rewritten('/promo')).toBe('/promo.html');
    expect(rewritten('/promo/')).toBe('/promo.html');
    expect(rewritten('/promo/?x=1')).toBe('/promo.html?x=1');
    expect(rewritten('/promo/landing?id=1&user_from=sms')).toBe('/promo.html?id=1&user_from=sms');
    expect(rewritten('/promo/download?down_id=2')).toBe('/promo.html?down_id=2');
  });

  it('serves promo.html under /promo where no promotion page is named, as the real server does', () => {
    expect(rewritten('/promo/summer')).toBe('/promo.html');
    expect(rewritten('/promo/landing/9')).toBe('/promo.html');
  });

  it('leaves everything else alone', () => {
    for (const url of ['/promotion', '/loan/details?id=1', '/promo.html']) expect(rewritten(url)).toBe(url);
  });
});
