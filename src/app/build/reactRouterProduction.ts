// Build time (Vite plugin): React Router 7's package exports point every condition at its
// development build (dist/development, ENABLE_DEV_WARNINGS = true), production included; its
// dist/production build, the same code with the flag off, ships beside it unexported
// (remix-run/react-router#12532, #14102). The borrower's build takes the production files: the
// development warnings and the developer-facing default error screen drop out of the first chunk,
// and no "No routes matched" warning reaches a phone's console. Every file of the package is
// redirected, so the app still holds one copy of the router (one context).
import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

const DEVELOPMENT = /([\\/]node_modules[\\/]react-router[\\/]dist[\\/])development([\\/])/;

/** The production twin of a React Router development file, or null (not one, or no twin). */
export function productionTwin(id: string): string | null {
  if (!DEVELOPMENT.test(id)) return null;
  const twin = id.replace(DEVELOPMENT, '$1production$2');
  return existsSync(twin) ? twin : null;
}

export function reactRouterProduction(): Plugin {
  return {
    name: 'lender-react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/^react-router(\/|$)/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const twin = resolved && productionTwin(resolved.id);
      return twin ? { ...resolved, id: twin } : resolved;
    },
  };
}
