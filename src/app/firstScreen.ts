// Starts the first screen's work before React draws anything. With a document at hand (the one
// the page carries, or a kept copy) its own on-load calls and x-lazy modules start now; without
// one, the document download and the build's table of calls and modules start together. The screen, once mounted, is
// handed the replies already in flight (src/host/request.ts prefetch).
import type { AppServices } from './context';
import type { DrawnPage } from './inlineScreen';
import { preloadLazy, lazyNamesOf } from '../../renderer/lazy';
import { sourceCalls } from './prefetch';

export function startFirstScreen(
  services: AppServices,
  screenId: string,
  params: Record<string, string>,
  /**
   * What the server drew in the page (the entry read it once): when it drew this screen with its
   * sources' replies (src/app/ssr/), they are not called again.
   */
  drawn: DrawnPage | null = null,
): void {
  const answered = drawn?.screen === screenId && !!drawn.answered;
  const doc = services.loader.peek(screenId);
  if (!doc) {
    services.prefetch(screenId, params);
    void services.loader.load(screenId);
    return;
  }
  void preloadLazy(lazyNamesOf(doc));
  if (answered) return;
  const calls = sourceCalls({ sources: doc.sources ?? [], state: doc.state }, params, services.host);
  for (const call of calls) services.host.requester.prefetch(call);
}
