// Build time (Vite plugin): the host's axios instances run axios's fetch adapter only
// (src/host/http.ts), so its XMLHttpRequest adapter is dead weight in the borrower's first chunk
// (~1 KB gzip). Its import resolves to axios's own null module, as axios's `browser` field already
// does for the Node http adapter; asking for `adapter: 'xhr'` then fails loudly, not silently.
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ADAPTERS = /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/;

export function axiosFetchOnly(): Plugin {
  return {
    name: 'lender-axios-fetch-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './xhr.js' || !importer || !ADAPTERS.test(importer)) return null;
      return join(dirname(importer), '../helpers/null.js');
    },
  };
}
