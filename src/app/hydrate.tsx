// Mounting a page's React tree: hydrated when the server drew it (issue 26, src/app/ssr/), drawn
// afresh otherwise. The first render must be the server's, so what the drawn screen needs (its
// x-lazy modules, the language's part) is here first, and the screen starts from the state the
// server's sources left, without calling them again. Both entries mount through it (mountMain.tsx,
// mountPromo.tsx), so a route page and a promotion page hydrate by one rule.
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AppServices } from './context';
import type { DrawnPage } from './inlineScreen';
import { lazyNamesOf, preloadLazy } from '../../renderer/lazy';
import { loadLanguage } from '../../renderer/lang/load';
import { needsLanguage } from '../../renderer/lang/needs';

/** `page`: what the server drew, as the entry read it from the page (inlineScreen.ts readDrawn). */
export function mountTree(services: AppServices, tree: ReactNode, page: DrawnPage | null): void {
  const root = document.getElementById('root')!;
  const drawn = root.firstElementChild ? page : null;
  const doc = drawn ? services.loader.peek(drawn.screen) : null;
  if (!drawn || !doc) {
    createRoot(root).render(tree);
    return;
  }
  services.answered = { screenId: drawn.screen, state: drawn.answered };
  const language = needsLanguage(doc) ? loadLanguage().catch(() => null) : null;
  void Promise.all([preloadLazy(lazyNamesOf(doc)), language]).then(() =>
    hydrateRoot(root, tree, {
      // React then draws the page itself; the mismatch is a bug, so it is said out loud.
      onRecoverableError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`hydration-mismatch: ${message}`);
        services.host.report({ screenId: drawn.screen, blockPath: '', code: 'hydration-mismatch', message });
      },
    }),
  );
}
