// @vitest-environment node
// Issue 28 item 3: `https://play.google.com/p.gif?sid={params.sessionId}` in an image passed save,
// review and publication (the origin is listed), and the live page sent the signed session to
// play.google.com. The checker now refuses any address that may go to another origin and whose
// value depends on the session, device or identity parameters, however it is built; an address
// that stays on the app, or one the server sent, is fine; QR codes and copied texts carrying them
// are warned about.
import { describe, expect, it } from 'vitest';
import { checkDocument } from '../../../renderer/validate/crossref';
import { urlPolicyOf } from '../../../src/config/origins';
import { checkScreenText } from '../../../src/checker/checkText';
import { DEFAULT_CONFIG } from '../../../src/config/load';

// The default configuration lists https://play.google.com (the store links).
const urls = urlPolicyOf(DEFAULT_CONFIG);
const doc = (body: unknown[], extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1,
  id: 'about',
  title: 'About',
  body,
  ...extra,
});
const image = (src: unknown) => ({ type: 'image', src, alt: 'x' });
const sessionProblems = (d: unknown) =>
  checkDocument(d, { urls }).filter((p) => p.keyword === 'offsite-session' || p.keyword === 'identity-text');

describe('no session to another origin through an address a document builds', () => {
  it('the probe: a pixel on a listed origin with the session in a template is an error', () => {
    const found = sessionProblems(
      doc([image({ t: 'https://play.google.com/p.gif?sid={params.sessionId}' })]),
    );
    expect(found).toEqual([
      expect.objectContaining({
        pointer: '/body/0/src',
        severity: 'error',
        keyword: 'offsite-session',
        message: expect.stringContaining('params.sessionId'),
      }),
    ]);
  });

  it.each([
    ['a concat', { concat: ['https://play.google.com/p.gif?sid=', { $: 'params.sessionId' }] }],
    ['a function of it', { concat: ['https://play.google.com/p?d=', { upper: { $: 'params.deviceId' } }] }],
    [
      'a condition on it',
      { if: [{ $: 'params.gps_adid' }, 'https://play.google.com/a', 'https://play.google.com/b'] },
    ],
    ['an address with no origin written', { t: '{data.base}?sid={params.sessionId}' }],
    ['the whole params', { t: 'https://play.google.com/p?{params}' }],
  ])('%s', (_name, src) => {
    expect(sessionProblems(doc([image(src)])).map((p) => p.keyword)).toEqual(['offsite-session']);
  });

  it('through a computed value, a variable set from it, state set from it and storage', () => {
    const through = (extra: Record<string, unknown>, onLoad: unknown[], src: unknown) =>
      sessionProblems(doc([image(src)], { ...extra, onLoad }));
    const pixel = (path: string) => ({ t: `https://play.google.com/p.gif?x={${path}}` });
    expect(
      through(
        { computed: { sid: { type: 'text', value: { $: 'params.sessionId' } } } },
        [],
        pixel('computed.sid'),
      )[0]?.message,
    ).toContain('computed.sid, from params.sessionId');
    expect(
      through(
        { variables: { sid: { type: 'text', value: '' } } },
        [{ do: 'set', path: 'vars.sid', value: { concat: ['s', { $: 'params.sessionId' }] } }],
        pixel('vars.sid'),
      ),
    ).toHaveLength(1);
    expect(
      through(
        {},
        [
          { do: 'set', path: 'ui.a', value: { $: 'params.sessionId' } },
          { do: 'set', path: 'data.b', value: { $: 'ui' } },
        ],
        pixel('data.b'),
      ),
    ).toHaveLength(1);
    expect(
      through(
        {},
        [
          { do: 'storage', scope: 'local', op: 'set', key: 'k', value: { $: 'params.sessionId' } },
          { do: 'storage', scope: 'local', op: 'get', key: 'k', into: 'ui.k' },
        ],
        pixel('ui.k'),
      ),
    ).toHaveLength(1);
  });

  it('a navigation, a link, a frame and a native page are refused alike; query fields too', () => {
    const found = sessionProblems(
      doc([
        { type: 'iframe', src: { t: 'https://play.google.com/f?sid={params.sessionId}' }, title: 'x' },
        { type: 'link', text: 'Go', href: { t: 'https://play.google.com/l?d={params.deviceId}' } },
        {
          type: 'button',
          label: 'Go',
          onTap: [
            { do: 'navigate', to: 'https://play.google.com/n', query: { sid: { $: 'params.sessionId' } } },
            {
              do: 'bridge',
              name: 'openPage',
              payload: { url: { t: 'https://play.google.com/b?s={params.sessionId}' } },
            },
          ],
        },
      ]),
    );
    expect(found.map((p) => p.pointer)).toEqual([
      '/body/0/src',
      '/body/1/href',
      '/body/2/onTap/0/query/sid',
      '/body/2/onTap/1/payload/url',
    ]);
    expect(found.every((p) => p.severity === 'error')).toBe(true);
  });

  it('what stays on the app, what the server sent and what reads no identity are fine', () => {
    expect(
      sessionProblems(
        doc([
          image({ t: '/avatar.png?sid={params.sessionId}' }),
          image({ concat: ['/p/', { $: 'params.deviceId' }] }),
          image({ t: 'https://play.google.com/store/apps/details?id={config.packageName}' }),
          // A payment page's QR image named by a parameter that is not an identity (spec §2.16).
          image({ t: 'https://play.google.com/qr?code={params.payCode}' }),
          {
            type: 'button',
            label: 'Pay',
            onTap: [
              { do: 'navigate', to: { t: '/loan/details?orderId={params.orderId}&s={params.sessionId}' } },
              { do: 'navigate', to: { $: 'result.data.lendDetailsUrl' }, commonParams: 'anyOrigin' },
              // The native app's own scheme is the app, not another site.
              {
                do: 'bridge',
                name: 'openPage',
                payload: { url: { t: 'pesoquick://p?d={params.deviceId}' } },
              },
            ],
          },
        ]),
      ),
    ).toEqual([]);
  });

  it('a QR code, a code box or a copied text carrying the session is a warning', () => {
    const found = sessionProblems(
      doc([
        { type: 'qrcode', value: { t: 'pesoquick://login?sid={params.sessionId}' }, alt: 'Log in' },
        { type: 'qrcode', value: { $: 'params.payCode' }, alt: 'Repayment code' },
        { type: 'button', label: 'Copy', onTap: [{ do: 'copy', text: { $: 'params.sessionId' } }] },
      ]),
    );
    expect(found.map((p) => [p.pointer, p.severity, p.keyword])).toEqual([
      ['/body/0/value', 'warning', 'identity-text'],
      ['/body/2/onTap/0/text', 'warning', 'identity-text'],
    ]);
  });

  it('the text checks the studio and the server use count it as an error', () => {
    const text = JSON.stringify(
      doc([image({ t: 'https://play.google.com/p.gif?sid={params.sessionId}' })]),
      null,
      2,
    );
    const result = checkScreenText(text, { id: 'about', urls });
    expect(result.errors).toBe(1);
    expect(result.problems[0]).toMatchObject({ keyword: 'offsite-session', line: expect.any(Number) });
  });
});
