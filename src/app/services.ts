// Start-up shared by both entries: config from the page, theme, host, screen loader, prefetch.
import sourcesTable from 'virtual:screen-sources';
import { STAMP } from 'virtual:screen-stamp';
import { applyTheme, readClientConfig } from '../config/client';
import { createHost } from '../host/createHost';
import { webStorage } from '../host/storage';
import type { AppServices } from './context';
import { readInitialScreen } from './inlineScreen';
import { validateLazily } from './lazyValidate';
import { createScreenLoader } from './loadScreen';
import { createPrefetch } from './prefetch';
import { preloadLanguage } from './preloadLanguage';

export function startServices(dev: boolean): AppServices {
  const config = readClientConfig(document, dev);
  applyTheme(config);
  const host = createHost({ config, dev });
  const initial = readInitialScreen(document);
  if (initial?.lang) preloadLanguage();
  const loader = createScreenLoader({
    fetch: (url, init) => window.fetch(url, init),
    storage: webStorage(() => window.localStorage),
    validate: validateLazily,
    stamp: STAMP,
    initial,
  });
  return { host, loader, prefetch: createPrefetch(host, sourcesTable), dev };
}
