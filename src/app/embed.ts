// Host.embed for the main app: an address of one of the app's own screens (the /agreement page in
// the loan confirm popup, /privacy on the official site) gives its document, so the iframe block
// draws it in place as blocks instead of framing our own origin (issue 16 item 16).
// The routes are the published manifest's (the one the page's router uses), so a page mapped in
// the studio is drawn in place like the others, without a rebuild.
import type { EmbeddedScreen } from '../../renderer/host';
import type { AppConfig } from '../config/types';
import { routeEntries, screenForPath, type Manifest } from '../manifest/routes';
import type { AppServices } from './context';
import type { ScreenLoader } from './loadScreen';
import { paramsOf } from './params';

export function createEmbedder(
  manifest: Manifest,
  config: Partial<AppConfig>,
  loader: Pick<ScreenLoader, 'peek' | 'load'>,
  origin: string,
): (url: string) => Promise<EmbeddedScreen | null> {
  const entries = routeEntries(manifest, config);
  return async (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url, `${origin}/`);
    } catch {
      return null;
    }
    const screen = parsed.origin === origin ? screenForPath(entries, parsed.pathname) : null;
    if (!screen) return null;
    const kept = loader.peek(screen);
    const loaded = kept ? null : await loader.load(screen);
    const doc = kept ?? (loaded?.status === 'ready' ? loaded.doc : null);
    return doc ? { doc, params: paramsOf(parsed.search) } : null;
  };
}

/** Iframe blocks draw the app's own screens in place (issue 16 item 16), by the page's manifest. */
export function embedScreens(services: Pick<AppServices, 'host' | 'loader'>, manifest: Manifest): void {
  const { host, loader } = services;
  host.setEmbedder(createEmbedder(manifest, host.config, loader, location.origin));
}
