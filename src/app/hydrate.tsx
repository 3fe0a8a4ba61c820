// Mounting a page's React tree: hydrated when the server drew it (issue 26, src/app/ssr/), drawn
// afresh otherwise. The first render must be the server's, so what the drawn screen needs (its
// x-lazy modules, the language's part) is here first, and the screen starts from the state the
// server's sources left, without calling them again. Both entries mount through it (mountMain.tsx,
// mountPromo.tsx), so a route page and a promotion page hydrate by one rule.
import { useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AppServices } from './context';
import type { DrawnPage } from './inlineScreen';
import type { EarlyTaps } from './earlyTaps';
import { lazyNamesOf, preloadLazy } from '../../renderer/lazy';
import { loadLanguage } from '../../renderer/lang/load';
import { needsLanguage } from '../../renderer/lang/needs';

/** Once the tree has committed (hydrated): gives the taps kept before it again (earlyTaps.ts). */
function Hydrated({ then, children }: { then: () => void; children: ReactNode }) {
  useEffect(then, [then]);
  return children;
}

/**
 * `page`: what the server drew, as the entry read it from the page (inlineScreen.ts readDrawn);
 * `taps`: the taps on it kept since the entry ran.
 */
export function mountTree(
  services: AppServices,
  tree: ReactNode,
  page: DrawnPage | null,
  taps: EarlyTaps | null = null,
): void {
  const root = document.getElementById('root')!;
  const drawn = root.firstElementChild ? page : null;
  const screen = drawn?.screen ?? null;
  const doc = screen === null ? null : services.loader.peek(screen);
  // A drawn not-found page (screen null) has no document to wait for.
  if (!drawn || (screen !== null && !doc)) {
    // Drawn afresh: the elements tapped are replaced, and their taps go with them.
    taps?.stop();
    createRoot(root).render(tree);
    return;
  }
  if (screen !== null) services.answered = { screenId: screen, state: drawn.answered };
  const language = doc && needsLanguage(doc) ? loadLanguage().catch(() => null) : null;
  void Promise.all([doc ? preloadLazy(lazyNamesOf(doc)) : null, language]).then(() => {
    // From hydrateRoot on, React replays taps itself; the earlier ones are given again once hydrated.
    const replay = taps?.stop();
    hydrateRoot(root, replay ? <Hydrated then={replay}>{tree}</Hydrated> : tree, {
      // React then draws the page itself; the mismatch is a bug, so it is said out loud.
      onRecoverableError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`hydration-mismatch: ${message}`);
        services.host.report({
          screenId: screen ?? 'not-found',
          blockPath: '',
          code: 'hydration-mismatch',
          message,
        });
      },
    });
  });
}
