// The origin allowlist (issue 20 §4): one setting, allowedOrigins, read the same way by the page's
// CSP (src/server/lib/security-headers.ts), the host at run time (Host.trusts) and the document
// checker (screens:check, the studio, the server's save). Pure: browser and Node.
import type { AppConfig } from './types';
import type { UrlPolicy } from '../../renderer/url';
import { IDENTITY_PARAMS } from './sessionParams';

/** The http(s) origins of the setting (`https://cdn.example`), normalised; anything else is dropped. */
export function parseOrigins(text: string): string[] {
  const out = new Set<string>();
  for (const entry of text.split(/[\s,]+/)) {
    if (!entry) continue;
    try {
      const url = new URL(entry);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if ((url.protocol === 'http:' || url.protocol === 'https:') && bare) out.add(url.origin);
    } catch {
      // Not an origin: ignored (the server warns at start, see invalidOrigins).
    }
  }
  return [...out];
}

/** Entries of the setting that are not origins, for a warning. */
export function invalidOrigins(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry && parseOrigins(entry).length === 0);
}

/** The scheme of the app's own native addresses (productDetailScheme's, D-39), e.g. `pesoquick:`. */
export function appSchemeOf(config: Pick<AppConfig, 'productDetailScheme'>): string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(config.productDetailScheme.trim());
  const scheme = match ? `${match[1]!.toLowerCase()}:` : '';
  return scheme === 'http:' || scheme === 'https:' || scheme === 'javascript:' ? '' : scheme;
}

/**
 * What the checker lets a document write: the allowed origins and the app's own scheme, and the
 * page parameters no address to another origin may carry.
 */
export function urlPolicyOf(config: Pick<AppConfig, 'allowedOrigins' | 'productDetailScheme'>): UrlPolicy {
  const scheme = appSchemeOf(config);
  return {
    origins: parseOrigins(config.allowedOrigins),
    schemes: scheme ? [scheme] : [],
    identity: IDENTITY_PARAMS,
  };
}

/**
 * Host.trusts: an app path, an http(s) URL of `ownOrigin` or of an allowed origin, or an address
 * of the app's own scheme.
 */
export function createTrust(
  ownOrigin: string,
  config: Pick<AppConfig, 'allowedOrigins' | 'productDetailScheme'>,
): (url: string) => boolean {
  const origins = new Set([ownOrigin, ...parseOrigins(config.allowedOrigins)]);
  const scheme = appSchemeOf(config);
  return (url) => {
    const text = url.trim();
    if (scheme && text.toLowerCase().startsWith(scheme)) return true;
    try {
      const parsed = new URL(text, `${ownOrigin}/`);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && origins.has(parsed.origin);
    } catch {
      return false;
    }
  };
}
