// The main entry's React part, loaded by main.tsx after the first screen's calls have started.
// A page the server drew (issue 26, src/app/ssr/) is hydrated: the first render must be the
// server's, so what that screen needs (its x-lazy modules, the language's part) is here first,
// and the screen starts from the state the server's sources left, without calling them again.
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import type { AppServices } from './context';
import { readDrawn } from './inlineScreen';
import type { Manifest } from '../manifest/routes';
import { lazyNamesOf, preloadLazy } from '../../renderer/lazy';
import { loadLanguage } from '../../renderer/lang/load';
import { needsLanguage } from '../../renderer/lang/needs';

export function mount(services: AppServices, manifest: Manifest): void {
  const root = document.getElementById('root')!;
  const drawn = root.firstElementChild ? readDrawn(document) : null;
  const doc = drawn ? services.loader.peek(drawn.screen) : null;
  if (!drawn || !doc) {
    createRoot(root).render(<App services={services} manifest={manifest} />);
    return;
  }
  services.answered = { screenId: drawn.screen, state: drawn.answered };
  const language = needsLanguage(doc) ? loadLanguage().catch(() => null) : null;
  void Promise.all([preloadLazy(lazyNamesOf(doc)), language]).then(() =>
    hydrateRoot(root, <App services={services} manifest={manifest} />, {
      // React then draws the page itself; the mismatch is a bug, so it is said out loud.
      onRecoverableError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`hydration-mismatch: ${message}`);
        services.host.report({ screenId: drawn.screen, blockPath: '', code: 'hydration-mismatch', message });
      },
    }),
  );
}
