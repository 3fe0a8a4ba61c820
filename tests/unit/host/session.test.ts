import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIE_EXPIRES, cookieString, getCookie, setCookie } from '../../../src/host/cookies';
import {
  createSession,
  fillAliases,
  queryOf,
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_S,
} from '../../../src/host/session';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

const loc = (search: string, hash = '') => ({ search, hash });

beforeEach(clearCookies);

describe('productId and product_id are aliases (P-02)', () => {
  it('productId fills product_id', () => {
    expect(fillAliases({ productId: 'P-1' })).toEqual({ productId: 'P-1', product_id: 'P-1' });
  });
  it('product_id fills productId', () => {
    expect(queryOf(loc('?product_id=P-2&orderId=9'))).toEqual({
      product_id: 'P-2',
      productId: 'P-2',
      orderId: '9',
    });
  });
  it('both present: each keeps its own value', () => {
    expect(fillAliases({ productId: 'A', product_id: 'B' })).toEqual({ productId: 'A', product_id: 'B' });
  });
  it('the query of a hash route counts too (promotion pages)', () => {
    expect(queryOf(loc('', '#/landing?id=3&user_from=fb'))).toEqual({ id: '3', user_from: 'fb' });
  });
});

describe('common parameters (P-01, P-04)', () => {
  it('every query parameter of the entry URL, aliases filled', () => {
    const s = createSession(loc('?sessionId=S1&deviceId=D1&productId=P-1&building=b&utm=x'), document);
    expect(s.commonParams()).toEqual({
      sessionId: 'S1',
      deviceId: 'D1',
      productId: 'P-1',
      product_id: 'P-1',
      building: 'b',
      utm: 'x',
    });
  });

  it('header values come from the same-named parameters, empty when absent (P-03)', () => {
    const s = createSession(loc('?building=B&swift=S&sessionId=1'), document);
    expect(['building', 'gather', 'swift', 'eyes'].map((h) => s.header(h as 'building'))).toEqual([
      'B',
      '',
      'S',
      '',
    ]);
  });

  // Issue 16 item 1 (P-04, P-05, S2.12-02): an in-app route change is not a reload.
  it('after a route change the new URL wins, for every key (no stale value from the entry URL)', () => {
    const where = { search: '?sessionId=AAA&productId=P-1&orderId=1&building=b1', hash: '' };
    const s = createSession(where, document);
    where.search = '?sessionId=BBB&product_id=P-2&orderId=2&gather=g';
    const expected = { sessionId: 'BBB', product_id: 'P-2', productId: 'P-2', orderId: '2', gather: 'g' };
    expect(s.commonParams()).toEqual(expected);
    expect(s.refreshCommonParams()).toEqual(expected);
    expect(s.header('gather')).toBe('g');
    expect(s.header('building')).toBe('');
  });

  it('a hash route change counts too (promotion pages)', () => {
    const where = { search: '', hash: '#/landing?id=1&user_from=fb' };
    const s = createSession(where, document);
    where.hash = '#/download?down_id=2';
    expect(s.commonParams()).toEqual({ down_id: '2' });
  });
});

describe('the session cookie', () => {
  it('keeps the device identity for a page reopened without its query', () => {
    createSession(loc('?sessionId=S1&deviceId=D1&building=b&productId=P'), document);
    expect(JSON.parse(getCookie(SESSION_COOKIE)!)).toEqual({ sessionId: 'S1', deviceId: 'D1' });
    const reopened = createSession(loc('?orderId=5'), document);
    expect(reopened.commonParams()).toEqual({ sessionId: 'S1', deviceId: 'D1', orderId: '5' });
    expect(reopened.header('building')).toBe('');
  });

  it('a URL with its own identity wins over the cookie', () => {
    createSession(loc('?sessionId=OLD'), document);
    const s = createSession(loc('?sessionId=NEW'), document);
    expect(s.commonParams().sessionId).toBe('NEW');
    expect(JSON.parse(getCookie(SESSION_COOKIE)!)).toEqual({ sessionId: 'NEW' });
  });

  // Issue 16 item 1: "The old sessionId from the cookie is also still sent".
  it('the cookie supplies nothing when the URL has an identity of its own, even a partial one', () => {
    createSession(loc('?sessionId=OLD&deviceId=OLD-DEVICE&gps_adid=AD'), document);
    const s = createSession(loc('?deviceId=NEW-DEVICE&orderId=7'), document);
    expect(s.commonParams()).toEqual({ deviceId: 'NEW-DEVICE', orderId: '7' });
  });

  it('the cookie follows the identity of the current URL after a route change', () => {
    const where = { search: '?sessionId=AAA', hash: '' };
    const s = createSession(where, document);
    where.search = '?sessionId=BBB';
    s.commonParams();
    expect(JSON.parse(getCookie(SESSION_COOKIE)!)).toEqual({ sessionId: 'BBB' });
    where.search = '?orderId=9';
    expect(s.commonParams()).toEqual({ sessionId: 'BBB', orderId: '9' });
  });

  it('a corrupt cookie is ignored', () => {
    setCookie(SESSION_COOKIE, '{not json');
    expect(createSession(loc('?a=1'), document).commonParams()).toEqual({ a: '1' });
  });
});

// Issue 20 §1: the identity cookie is readable by the page (it must be: the identity goes into each
// call's query), so it lives as short as works and is Secure on https.
describe('the session cookie is short-lived and Secure on https', () => {
  function capture(protocol: string, search = '?sessionId=S1') {
    const written: string[] = [];
    const fake = {
      set cookie(value: string) {
        written.push(value);
      },
      get cookie() {
        return '';
      },
    } as unknown as Document;
    createSession({ search, hash: '', protocol }, fake);
    return written;
  }

  it('lives SESSION_COOKIE_MAX_AGE_S (30 minutes), not until 9999', () => {
    const [cookie] = capture('http:');
    expect(SESSION_COOKIE_MAX_AGE_S).toBe(1800);
    expect(cookie).toContain('max-age=1800');
    expect(cookie).not.toContain('expires=');
    expect(cookie).not.toContain('Secure');
  });

  it('is Secure when the page is on https', () => {
    const [cookie] = capture('https:');
    expect(cookie).toMatch(/; Secure$/);
    expect(cookie).toContain('SameSite=Lax');
  });

  it('is renewed while the borrower moves on, not written on every call', () => {
    let t = 0;
    const written: string[] = [];
    const fake = {
      set cookie(value: string) {
        written.push(value);
      },
      get cookie() {
        return '';
      },
    } as unknown as Document;
    const s = createSession({ search: '?sessionId=S1', hash: '' }, fake, () => t);
    for (let i = 0; i < 10; i++) s.commonParams();
    expect(written).toHaveLength(1);
    t = 61_000;
    s.commonParams();
    expect(written).toHaveLength(2);
  });

  it('is not written for a page without an identity', () => {
    expect(capture('https:', '?orderId=1')).toEqual([]);
  });
});

describe('cookies expire at the end of year 9999 (P-28)', () => {
  it('writes the expiry date', () => {
    expect(COOKIE_EXPIRES).toBe('Fri, 31 Dec 9999 23:59:59 GMT');
    expect(cookieString('a b', 'x;y')).toBe(
      'a%20b=x%3By; expires=Fri, 31 Dec 9999 23:59:59 GMT; path=/; SameSite=Lax',
    );
  });

  it('what it writes reads back', () => {
    setCookie('greeting', 'hello world; =');
    expect(getCookie('greeting')).toBe('hello world; =');
    expect(getCookie('missing')).toBeNull();
  });

  it('setCookie assigns the cookie string with that expiry', () => {
    let written = '';
    const fake = {
      set cookie(value: string) {
        written = value;
      },
      get cookie() {
        return '';
      },
    } as unknown as Document;
    setCookie('k', 'v', fake);
    expect(written).toContain('expires=Fri, 31 Dec 9999 23:59:59 GMT');
  });
});
