// Hash-route addresses (/promo/#/download, ruling 15): the screen's query goes inside the hash,
// and a hash route of the page already shown stays in that page's router.
import { describe, expect, it, vi } from 'vitest';
import { createNavigator, resolveTarget, type RouterPort } from '../../../src/host/navigate';

const COMMON = { sessionId: 'S1' };

function setup(href: string) {
  const location = { href, origin: new URL(href).origin, assign: vi.fn(), replace: vi.fn() };
  const history = { back: vi.fn(), state: null, length: 1 };
  const routed: { to: string; replace: boolean }[] = [];
  const router: RouterPort = {
    handles: (path) => ['/landing', '/download', '/agreement'].includes(path),
    navigate: (to, { replace }) => routed.push({ to, replace }),
  };
  const nav = createNavigator({ location, history, commonParams: () => COMMON, router: () => router });
  return { nav, location, routed };
}

describe('hash-route addresses', () => {
  it('put the query inside the hash, where the hash router reads it', () => {
    const { url } = resolveTarget(
      '/promo/#/download?down_id=2',
      { query: { id: '1', utm_tag: 'a&b' } },
      'https://x.example/loan',
      {},
    )!;
    expect(url.search).toBe('');
    const inner = new URL(url.hash.slice(1), 'https://x.example');
    expect(inner.pathname).toBe('/download');
    expect(Object.fromEntries(inner.searchParams)).toEqual({ down_id: '2', id: '1', utm_tag: 'a&b' });
  });

  it('stay in the router when the page is already that entry (landing -> download)', () => {
    const t = setup('https://x.example/promo/#/landing?id=1');
    t.nav.navigate('/promo/#/download', { commonParams: true, query: { down_id: 1, id: '1' } });
    expect(t.location.assign).not.toHaveBeenCalled();
    expect(t.routed).toEqual([{ to: '/download?down_id=1&id=1', replace: false }]);
  });

  it('load the page from another page, the hash query intact', () => {
    const t = setup('https://x.example/about');
    t.nav.navigate('/promo/#/agreement', { commonParams: true, query: { id: 1 } });
    expect(t.routed).toEqual([]);
    const href = t.location.assign.mock.calls[0]![0] as string;
    expect(href).toBe('/promo/?sessionId=S1#/agreement?id=1');
  });

  it('a hash path the router does not show is a page load', () => {
    const t = setup('https://x.example/promo/#/landing?id=1');
    t.nav.navigate('/promo/#/nowhere', {});
    expect(t.routed).toEqual([]);
    expect(t.location.assign).toHaveBeenCalledWith('/promo/#/nowhere');
  });
});
