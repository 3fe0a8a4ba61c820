// Build time (Vite plugin): the host's axios instances run the host's own fetch adapter
// (src/host/fetchAdapter.ts), so axios's XMLHttpRequest and fetch adapters are dead weight in the
// borrower's first chunk (5.2 KB gzip with their helpers). Their imports resolve to axios's
// own null module, as axios's `browser` field already does for the Node http adapter; asking an
// instance for `adapter: 'xhr'` or `'fetch'` then fails loudly ("not available in the build"),
// not silently.
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ADAPTERS = /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/;
const NO_FETCH = '\0lender-axios-no-fetch';

export function axiosAdapters(): Plugin {
  return {
    name: 'lender-axios-adapters',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !ADAPTERS.test(importer)) return null;
      if (source === './xhr.js') return join(dirname(importer), '../helpers/null.js');
      // adapters.js reads `getFetch` from a namespace import: a module whose factory finds no fetch.
      if (source === './fetch.js') return NO_FETCH;
      return null;
    },
    load(id) {
      return id === NO_FETCH ? 'export const getFetch = () => null;\nexport default null;\n' : null;
    },
  };
}
