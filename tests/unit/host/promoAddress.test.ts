// The promotion pages' two address forms (src/manifest/routes.ts): the hash form of ruling 15 and
// the server-visible one of issue 26 item 3, which the server, its renderer, the app and the studio
// read or write with the same functions.
import { describe, expect, it } from 'vitest';
import {
  isPromoPath,
  promoAddress,
  promoPathRoute,
  promoRoute,
  promoScreen,
  templateQueryOf,
  type Manifest,
} from '../../../src/manifest/routes';

const manifest: Manifest = {
  schemaVersion: 1,
  routes: [{ path: '/promo/summer', screen: 'summer' }],
  promo: {
    landing: { templates: { '1': 'classic', '2': 'bold' } },
    download: { param: 'down_id', templates: { '1': 'download' }, default: 'download' },
  },
};

describe('the server-visible promotion address', () => {
  it('names the same page and template as its hash form', () => {
    for (const [path, search, hash] of [
      ['/promo/landing', '?id=2&user_from=sms', '#/landing?id=2&user_from=sms'],
      ['/promo/download', '?down_id=1', '#/download?down_id=1'],
      ['/promo/download/', '', '#/download'],
    ] as const) {
      const atPath = promoPathRoute(path, search)!;
      const inHash = promoRoute(hash)!;
      expect(atPath.page).toBe(inHash.page);
      expect(atPath.query.toString()).toBe(inHash.query.toString());
      expect(promoScreen(manifest, atPath.page, atPath.query)).toBe(
        promoScreen(manifest, inHash.page, inHash.query),
      );
    }
  });

  it('is nothing for other paths: the entry itself, another page, a main-app route under /promo', () => {
    for (const path of [
      '/promo/',
      '/promo',
      '/promo/summer',
      '/promo/landing/9',
      '/landing',
      '/promotion/landing',
    ])
      expect(promoPathRoute(path, '?id=1')).toBeNull();
    expect(isPromoPath('/promo/summer')).toBe(true);
    expect(isPromoPath('/promotion')).toBe(false);
  });

  it('ignores case and a trailing slash, as every other page address does', () => {
    expect(isPromoPath('/PROMO')).toBe(true);
    expect(isPromoPath('/Promo/Landing/')).toBe(true);
    expect(isPromoPath('/PROMOTION')).toBe(false);
    const route = promoPathRoute('/Promo/Landing/', '?id=2')!;
    expect(route.page).toBe('landing');
    expect(route.query.get('id')).toBe('2');
    expect(promoPathRoute('/PROMO', '?id=1')).toBeNull();
  });

  it('an unknown or hostile template id picks no screen', () => {
    for (const id of ['9', '../manifest', '__proto__', 'constructor', 'toString', '1'.repeat(5000)]) {
      const route = promoPathRoute('/promo/landing', `?id=${encodeURIComponent(id)}`)!;
      expect(promoScreen(manifest, route.page, route.query)).toBeNull();
    }
  });

  it('is what the studio hands out: the page’s own parameter, and a preview’s query', () => {
    expect(promoAddress(manifest, 'landing', '3')).toBe('/promo/landing?id=3');
    expect(promoAddress(manifest, 'download', '1')).toBe('/promo/download?down_id=1');
    expect(promoAddress(manifest, 'download')).toBe('/promo/download');
    expect(promoAddress(manifest, 'landing', 'a&b=c')).toBe('/promo/landing?id=a%26b%3Dc');
    expect(templateQueryOf(manifest, 'bold')).toBe('id=2');
    expect(templateQueryOf(manifest, 'download')).toBe('down_id=1');
    expect(templateQueryOf(manifest, 'summer')).toBe('');
  });
});
