// @vitest-environment node
import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, captchaSvg, randomCaptchaText } from '../../src/server/lib/captcha-svg.js';
import { familyOfPath, validationMessage } from '../../src/server/lib/envelope.js';
import { etagMatches, representationEtag, strongEtag } from '../../src/server/lib/etag.js';
import { peso } from '../../src/server/lib/format.js';
import { escapeHtml } from '../../src/server/lib/html.js';
import { sniffImage } from '../../src/server/lib/image-sniff.js';
import { JPEG_HEAD, PNG_1PX } from './helpers.js';

describe('captcha', () => {
  it('draws every character of its alphabet as paths and four characters per image', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01OIBDGQS5]/);
    const svg = captchaSvg(CAPTCHA_ALPHABET.slice(0, 4));
    expect((svg.match(/<path /g) ?? []).length).toBe(4);
    expect((svg.match(/<line /g) ?? []).length).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 50; i++)
      expect(randomCaptchaText()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    for (const ch of CAPTCHA_ALPHABET) expect(captchaSvg(ch.repeat(4))).toContain('<path ');
  });
});

describe('image sniffing', () => {
  it('knows the four raster formats by their bytes and nothing else', () => {
    expect(sniffImage(PNG_1PX)?.ext).toBe('png');
    expect(sniffImage(JPEG_HEAD)?.ext).toBe('jpg');
    expect(sniffImage(Buffer.from('GIF87a....'))?.ext).toBe('gif');
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]))?.ext).toBe(
      'webp',
    );
    expect(sniffImage(Buffer.from('RIFF....WAVE'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg/>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('envelopes', () => {
  const err = (validation: unknown, context = 'body') =>
    ({ validation, validationContext: context, message: 'x' }) as unknown as FastifyError;

  it('turns the first schema error into one sentence', () => {
    expect(
      validationMessage(
        err([{ keyword: 'required', instancePath: '', params: { missingProperty: 'orderId' } }]),
      ),
    ).toBe('orderId is required');
    expect(
      validationMessage(err([{ keyword: 'type', instancePath: '/amount', params: { type: 'integer' } }])),
    ).toBe('amount must be integer');
    expect(
      validationMessage(
        err([{ keyword: 'maximum', instancePath: '/score', params: {}, message: 'must be <= 5' }]),
      ),
    ).toBe('score must be <= 5');
    expect(
      validationMessage(
        err([{ keyword: 'enum', instancePath: '/isDelay', params: { allowedValues: [0, 1] } }]),
      ),
    ).toBe('isDelay must be one of 0, 1');
  });

  it('knows the family of each path prefix', () => {
    expect(familyOfPath('/nepenthes/problem-save')).toBe('complaint');
    expect(familyOfPath('/nepenthes/save-score')).toBe('complaint');
    expect(familyOfPath('/nepenthes/repayment-way')).toBe('legacy');
    expect(familyOfPath('/nepenthes/bind-card')).toBe('nepenthes');
    expect(familyOfPath('/ndustan/imitating')).toBe('v3');
    expect(familyOfPath('/gopia/goya/x')).toBe('variant');
    expect(familyOfPath('/api/v2/youmi/promotion/register')).toBe('promo');
    expect(familyOfPath('/screens/x.json')).toBeNull();
  });
});

describe('small helpers', () => {
  it('formats cents as pesos with two decimals and no grouping', () => {
    expect(peso(123456)).toBe('₱1234.56');
    expect(peso(5)).toBe('₱0.05');
    expect(peso(-100)).toBe('-₱1.00');
  });

  it('makes strong etags and compares If-None-Match weakly', () => {
    const tag = strongEtag('abc');
    expect(tag).toBe(strongEtag(Buffer.from('abc')));
    expect(etagMatches(`W/${tag}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"other"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
    // The gzipped representation's tag is strong and its own, and revalidates the same content.
    const zipped = representationEtag(tag, true);
    expect(zipped).toMatch(/^"[^"]+-gzip"$/);
    expect(representationEtag(tag, false)).toBe(tag);
    expect(etagMatches(zipped, tag)).toBe(true);
    expect(etagMatches(`W/${zipped}`, tag)).toBe(true);
    expect(etagMatches(representationEtag('"other"', true), tag)).toBe(false);
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
