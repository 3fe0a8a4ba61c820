import { afterEach, beforeAll } from 'vitest';

// x-lazy blocks and actions load with the screens that use them (renderer/lazy.ts); tests that
// draw them render without a document to ask first, so they are all here before any test. The
// loading itself is tested in tests/unit/renderer/lazy.test.tsx and end to end.
beforeAll(async () => {
  if (typeof document === 'undefined') return;
  const { preloadAllLazy } = await import('../renderer/lazy');
  await preloadAllLazy();
});

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
