import { describe, expect, it, vi } from 'vitest';
import { createNavigator, type RouterPort } from '../../../src/host/navigate';

const COMMON = { sessionId: 'S1', productId: 'P-1', product_id: 'P-1' };

function setup(options: { routes?: string[]; idx?: number; length?: number; href?: string } = {}) {
  const href = options.href ?? 'https://app.pesoquick.example/loan/details?orderId=7&sessionId=S1';
  const location = { href, origin: new URL(href).origin, assign: vi.fn(), replace: vi.fn() };
  const history = {
    back: vi.fn(),
    state: options.idx === undefined ? null : { idx: options.idx },
    length: options.length ?? 1,
  };
  const routed: { to: string; replace: boolean }[] = [];
  const router: RouterPort = {
    handles: (path) => (options.routes ?? ['/repay', '/loan/details', '/complaint']).includes(path),
    navigate: (to, { replace }) => routed.push({ to, replace }),
  };
  const warn = vi.fn();
  const nav = createNavigator({ location, history, commonParams: () => COMMON, router: () => router, warn });
  return { nav, location, history, routed, warn };
}

const query = (to: string) => Object.fromEntries(new URL(to, 'https://x').searchParams);

describe('internal navigation', () => {
  it('app paths the router knows change the route, with the common parameters when asked (P-05)', () => {
    const t = setup();
    t.nav.navigate('/repay?orderId=7', { commonParams: true });
    expect(t.routed).toHaveLength(1);
    expect(t.routed[0]!.replace).toBe(false);
    expect(new URL(t.routed[0]!.to, 'https://x').pathname).toBe('/repay');
    expect(query(t.routed[0]!.to)).toEqual({ orderId: '7', ...COMMON });
    expect(t.location.assign).not.toHaveBeenCalled();
  });

  it('without commonParams nothing is added', () => {
    const t = setup();
    t.nav.navigate('/repay', {});
    expect(t.routed[0]!.to).toBe('/repay');
  });

  it('parameters already in the target are kept, the rest appended; extra query is set (D-50)', () => {
    const t = setup();
    t.nav.navigate('/repay?productId=OTHER', { commonParams: true, query: { from: 'confirm', n: 2 } });
    expect(query(t.routed[0]!.to)).toEqual({
      productId: 'OTHER',
      sessionId: 'S1',
      product_id: 'P-1',
      from: 'confirm',
      n: '2',
    });
  });

  it('replace replaces', () => {
    const t = setup();
    t.nav.navigate('/complaint', { replace: true });
    expect(t.routed[0]!.replace).toBe(true);
  });

  it('an own-origin absolute URL (lendDetailsUrl) is own-origin: common parameters, router', () => {
    const t = setup();
    t.nav.navigate('https://app.pesoquick.example/loan/details?orderId=9', {
      commonParams: true,
      replace: true,
    });
    expect(t.routed[0]!.to.startsWith('/loan/details?')).toBe(true);
    expect(query(t.routed[0]!.to)).toMatchObject({ orderId: '9', sessionId: 'S1' });
  });

  it('an own path the router does not show is a page load on this origin, with the parameters', () => {
    const t = setup();
    t.nav.navigate('/promo/#/download?down_id=2', { commonParams: true });
    expect(t.location.assign).toHaveBeenCalledTimes(1);
    const href = t.location.assign.mock.calls[0]![0] as string;
    expect(href.startsWith('/promo/?')).toBe(true);
    expect(href.endsWith('#/download?down_id=2')).toBe(true);
    expect(query(href)).toEqual(COMMON);
  });
});

describe('external navigation (D-34)', () => {
  it('other origins never get the common parameters', () => {
    const t = setup();
    t.nav.navigate('https://pay.provider.example/checkout?ref=1', { commonParams: true });
    expect(t.location.assign).toHaveBeenCalledWith('https://pay.provider.example/checkout?ref=1');
    expect(t.routed).toEqual([]);
  });

  it('replace uses location.replace', () => {
    const t = setup();
    t.nav.navigate('http://h5.partner.example/a', { replace: true });
    expect(t.location.replace).toHaveBeenCalledWith('http://h5.partner.example/a');
  });
});

describe('the URL allow-list (ruling 11)', () => {
  it.each([
    'javascript:alert(document.cookie)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    '/\\evil.example',
    'pesoquick://product/detail',
    'garbage',
    '',
  ])('refuses %j', (to) => {
    const t = setup();
    t.nav.navigate(to, { commonParams: true });
    expect(t.routed).toEqual([]);
    expect(t.location.assign).not.toHaveBeenCalled();
    expect(t.location.replace).not.toHaveBeenCalled();
    expect(t.warn).toHaveBeenCalled();
  });
});

describe('back (D-54)', () => {
  it('goes back when the router has history', () => {
    const t = setup({ idx: 2 });
    t.nav.back('/complaint');
    expect(t.history.back).toHaveBeenCalled();
    expect(t.routed).toEqual([]);
  });

  it('goes to the fallback when this is the first page', () => {
    const t = setup({ idx: 0, length: 3 });
    t.nav.back('/complaint');
    expect(t.history.back).not.toHaveBeenCalled();
    expect(t.routed).toHaveLength(1);
    expect(t.routed[0]!.replace).toBe(true);
    expect(new URL(t.routed[0]!.to, 'https://x').pathname).toBe('/complaint');
  });

  it('the fallback page gets the common parameters, like any app path', () => {
    const t = setup({ idx: 0 });
    t.nav.back('/loan/details');
    expect(query(t.routed[0]!.to)).toEqual(COMMON);
  });

  it('without router state, the history length decides', () => {
    const t = setup({ length: 2 });
    t.nav.back('/complaint');
    expect(t.history.back).toHaveBeenCalled();
  });

  it('no fallback: history.back anyway', () => {
    const t = setup({ idx: 0 });
    t.nav.back();
    expect(t.history.back).toHaveBeenCalled();
  });
});

describe('another origin (D-34, D-50, issue 16 item 2, issue 20 §4)', () => {
  const SESSION = { sessionId: 'SESSION-123456', deviceId: 'DEVICE-9', osVersion: '17', productId: 'P-1' };
  function offsite() {
    const location = {
      href: 'https://app.pesoquick.example/loan/confirm?sessionId=SESSION-123456',
      origin: 'https://app.pesoquick.example',
      assign: vi.fn(),
      replace: vi.fn(),
    };
    const history = { back: vi.fn(), state: null, length: 1 };
    const nav = createNavigator({ location, history, commonParams: () => SESSION, router: () => null });
    return { nav, location };
  }

  it('commonParams true adds nothing to another origin', () => {
    const t = offsite();
    t.nav.navigate('https://pay.partner.example/c?r=1', { commonParams: true });
    expect(t.location.assign).toHaveBeenCalledWith('https://pay.partner.example/c?r=1');
  });

  it("'anyOrigin' (lendDetailsUrl from the reply): the common parameters, then from=confirm, replacing the page", () => {
    const t = offsite();
    t.nav.navigate('https://h5.partner.example/loan/details?orderId=9&productId=P-2', {
      commonParams: 'anyOrigin',
      replace: true,
      query: { from: 'confirm' },
    });
    const href = t.location.replace.mock.calls[0]![0] as string;
    expect(href.startsWith('https://h5.partner.example/loan/details?')).toBe(true);
    expect(query(href)).toEqual({
      orderId: '9',
      productId: 'P-2',
      sessionId: 'SESSION-123456',
      deviceId: 'DEVICE-9',
      osVersion: '17',
      from: 'confirm',
    });
    expect([...new URL(href).searchParams.keys()].at(-1)).toBe('from');
  });

  it('query fields that carry the session or device id are left out on the way to another origin', () => {
    const t = offsite();
    t.nav.navigate('https://pay.partner.example/c', {
      query: { s: 'SESSION-123456', d: 'DEVICE-9', wrapped: 'x-SESSION-123456-y', amount: '1700', os: '17' },
    });
    expect(query(t.location.assign.mock.calls[0]![0] as string)).toEqual({ amount: '1700', os: '17' });
  });
});
