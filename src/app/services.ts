// Start-up shared by both entries: config from the page, theme, host, screen loader, prefetch.
import sourcesTable from 'virtual:screen-sources';
import { applyTheme, readClientConfig } from '../config/client';
import { createHost } from '../host/createHost';
import { webStorage } from '../host/storage';
import type { AppServices } from './context';
import { createScreenLoader } from './loadScreen';
import { createPrefetch } from './prefetch';
import { validateScreenDoc } from './validateDoc';

export function startServices(dev: boolean): AppServices {
  const config = readClientConfig(document, dev);
  applyTheme(config);
  const host = createHost({ config, dev });
  const loader = createScreenLoader({
    fetch: (url, init) => window.fetch(url, init),
    storage: webStorage(() => window.localStorage),
    validate: validateScreenDoc,
  });
  return { host, loader, prefetch: createPrefetch(host, sourcesTable), dev };
}
