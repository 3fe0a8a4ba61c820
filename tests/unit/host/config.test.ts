import { describe, expect, it } from 'vitest';
import defaults from '../../../config/default.json';
import { applyTheme, readClientConfig } from '../../../src/config/client';
import { injectConfig, renderConfigTag } from '../../../src/config/inject';
import { CONFIG_ENV, DEFAULT_CONFIG, loadConfig } from '../../../src/config/load';
import { IDENTITY_PARAMS } from '../../../src/config/sessionParams';
import {
  appSchemeOf,
  createTrust,
  invalidOrigins,
  parseOrigins,
  urlPolicyOf,
} from '../../../src/config/origins';

describe('configuration', () => {
  it('defaults: orange background, white font, peso sign (§9)', () => {
    const config = loadConfig({});
    expect(config.themeBackground).toBe('#b94a00');
    expect(config.themeColor).toBe('#ffffff');
    expect(config.currencySign).toBe('₱');
    expect(config).toEqual(defaults);
  });

  it('every key has a LENDER_* variable', () => {
    expect(Object.keys(CONFIG_ENV).sort()).toEqual(Object.keys(defaults).sort());
    for (const name of Object.values(CONFIG_ENV)) expect(name).toMatch(/^LENDER_[A-Z0-9_]+$/);
  });

  it('environment variables override, typed like the defaults', () => {
    const config = loadConfig({
      LENDER_CURRENCY_SIGN: '₹',
      LENDER_DEV_PREVIEW: '1',
      LENDER_STUDIO: 'false',
      LENDER_RECOMMEND_MODULE_ID: '42',
      LENDER_SERVICE_PHONE: '+63 2 1234 5678',
    });
    expect(config).toMatchObject({
      currencySign: '₹',
      devPreview: true,
      studio: false,
      recommendModuleId: 42,
      defaultServicePhone: '+63 2 1234 5678',
    });
  });

  it('values of the wrong shape are ignored', () => {
    const config = loadConfig({ LENDER_RECOMMEND_MODULE_ID: 'abc', LENDER_DEV_PREVIEW: 'maybe' });
    expect(config.recommendModuleId).toBe(defaults.recommendModuleId);
    expect(config.devPreview).toBe(defaults.devPreview);
  });

  it('overrides win over the environment; unknown keys never reach the page', () => {
    const config = loadConfig({ LENDER_DEV_PREVIEW: '0' }, { devPreview: true, secret: 'x' } as never);
    expect(config.devPreview).toBe(true);
    expect(renderConfigTag(config)).not.toContain('secret');
  });
});

describe('the config tag', () => {
  it('is a JSON data block that cannot close itself', () => {
    const config = loadConfig(
      {},
      { appName: '</script><script>alert(1)</script>', lenderName: 'A & B <!--' },
    );
    const tag = renderConfigTag(config);
    expect(tag.startsWith('<script type="application/json" id="app-config">')).toBe(true);
    expect(tag.endsWith('</script>')).toBe(true);
    const inner = tag.slice(tag.indexOf('>') + 1, -'</script>'.length);
    expect(inner).not.toMatch(/[<>]/);
    expect(JSON.parse(inner).appName).toBe('</script><script>alert(1)</script>');
    expect(JSON.parse(inner).lenderName).toBe('A & B <!--');
  });

  it('injectConfig fills the placeholder, or goes before </head>', () => {
    const config = loadConfig({});
    expect(injectConfig('<head><!--app-config--></head>', config)).toBe(
      `<head>${renderConfigTag(config)}</head>`,
    );
    expect(injectConfig('<head><title>x</title></head>', config)).toBe(
      `<head><title>x</title>${renderConfigTag(config)}</head>`,
    );
  });

  it('the browser reads the injected config', () => {
    document.head.innerHTML = renderConfigTag(loadConfig({}, { currencySign: '₹', devPreview: false }));
    expect(readClientConfig(document).currencySign).toBe('₹');
    expect(readClientConfig(document, true).devPreview).toBe(false);
  });

  it('without the tag (vite preview) or with a broken one, the built-in defaults', () => {
    document.head.innerHTML = '';
    expect(readClientConfig(document)).toEqual(defaults);
    expect(readClientConfig(document, true).devPreview).toBe(true);
    document.head.innerHTML = '<script type="application/json" id="app-config">{broken</script>';
    expect(readClientConfig(document)).toEqual(defaults);
  });

  it('the theme colours become the engine CSS variables', () => {
    const root = document.createElement('div');
    applyTheme(loadConfig({}, { themeBackground: '#123456', themeColor: '#fefefe' }), root);
    expect(root.style.getPropertyValue('--brand')).toBe('#123456');
    expect(root.style.getPropertyValue('--on-brand')).toBe('#fefefe');
  });
});

describe('the origin allowlist (issue 20 §4)', () => {
  it('one setting: http(s) origins, separated by spaces or commas; anything else is dropped', () => {
    expect(parseOrigins(defaults.allowedOrigins)).toEqual(['https://play.google.com']);
    expect(
      parseOrigins(
        'https://cdn.example, https://CDN.example/ http://pay.example:8080  https:  ftp://x.example https://a.example/path *.evil.example javascript:alert(1)',
      ),
    ).toEqual(['https://cdn.example', 'http://pay.example:8080']);
    expect(invalidOrigins('https://a.example https://a.example/path')).toEqual(['https://a.example/path']);
    expect(loadConfig({ LENDER_ALLOWED_ORIGINS: 'https://cdn.example' }).allowedOrigins).toBe(
      'https://cdn.example',
    );
  });

  it("Host.trusts: app paths, this origin, the listed ones and the app's own scheme", () => {
    const trusts = createTrust('https://app.example', {
      allowedOrigins: 'https://cdn.example',
      productDetailScheme: 'pesoquick://product/detail?productId=',
    });
    for (const url of [
      '/repay',
      'https://app.example/x',
      'https://cdn.example/a.png',
      'pesoquick://product/1',
    ])
      expect(trusts(url), url).toBe(true);
    for (const url of [
      'https://evil.example/p.gif',
      '//evil.example/x',
      'https://cdn.example.evil.example/',
      'http://cdn.example/a.png',
      'javascript:alert(1)',
      'otherapp://x',
    ])
      expect(trusts(url), url).toBe(false);
  });

  it("the checker's policy and the app scheme come from the same config", () => {
    expect(urlPolicyOf(DEFAULT_CONFIG)).toEqual({
      origins: ['https://play.google.com'],
      schemes: ['pesoquick:'],
      // Issue 28 item 3: the parameters no address to another origin may carry.
      identity: [...IDENTITY_PARAMS],
    });
    expect(appSchemeOf({ productDetailScheme: 'javascript:alert(1)//' })).toBe('');
    expect(appSchemeOf({ productDetailScheme: 'https://x' })).toBe('');
  });
});
