// onAppear: one IntersectionObserver per screen, made on first use. A block has appeared when at
// least half of it is on screen, or it covers half the screen (a block taller than two screens
// never shows half of itself). A block that takes no space (an empty list) has not appeared.
// Without IntersectionObserver (very old webviews) a block counts as shown when it is drawn.

export interface AppearWatcher {
  /** Calls `seen` once, when one of the elements has appeared; returns the function that cancels. */
  watch(elements: readonly Element[], seen: () => void): () => void;
  /** The places (path and list item) whose onAppear has run in this page view. */
  readonly done: Set<string>;
  dispose(): void;
}

// Fine steps, so that a tall block reports again as more of it scrolls in.
const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

function shown(entry: IntersectionObserverEntry): boolean {
  const rect = entry.intersectionRect;
  if (!entry.isIntersecting || rect.width <= 0 || rect.height <= 0) return false;
  if (entry.intersectionRatio >= 0.5) return true;
  const screen = entry.rootBounds?.height ?? window.innerHeight;
  return screen > 0 && rect.height >= screen / 2;
}

export function createAppearWatcher(): AppearWatcher {
  const callbacks = new Map<Element, () => void>();
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) if (shown(entry)) callbacks.get(entry.target)?.();
          },
          { threshold: THRESHOLDS },
        )
      : null;
  return {
    done: new Set(),
    watch(elements, seen) {
      let live = true;
      const cancel = () => {
        live = false;
        for (const el of elements) {
          callbacks.delete(el);
          observer?.unobserve(el);
        }
      };
      const once = () => {
        if (!live) return;
        cancel();
        seen();
      };
      if (!observer) {
        queueMicrotask(once);
        return cancel;
      }
      for (const el of elements) {
        callbacks.set(el, once);
        observer.observe(el);
      }
      return cancel;
    },
    dispose() {
      observer?.disconnect();
      callbacks.clear();
    },
  };
}
