import { beforeEach, describe, expect, it } from 'vitest';
import { COOKIE_EXPIRES, cookieString, getCookie, setCookie } from '../../../src/host/cookies';
import { createSession, fillAliases, queryOf, SESSION_COOKIE } from '../../../src/host/session';

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

  it('refreshCommonParams re-reads the URL and keeps session keys the new URL lacks', () => {
    const where = { search: '?sessionId=S1&productId=P-1&orderId=1', hash: '' };
    const s = createSession(where, document);
    where.search = '?product_id=P-2&orderId=2&gather=g';
    const fresh = s.refreshCommonParams();
    expect(fresh).toEqual({
      sessionId: 'S1',
      product_id: 'P-2',
      productId: 'P-2',
      orderId: '2',
      gather: 'g',
    });
    expect(s.commonParams()).toEqual(fresh);
    expect(s.header('gather')).toBe('g');
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

  it('a corrupt cookie is ignored', () => {
    setCookie(SESSION_COOKIE, '{not json');
    expect(createSession(loc('?a=1'), document).commonParams()).toEqual({ a: '1' });
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
