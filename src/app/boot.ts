// The entries run in two steps: a small first chunk (the host and the screen loader) starts the
// first screen's document and on-load calls, then the React part (React DOM, the router, the
// engine's blocks: most of the code) draws. Both chunks download together (the build puts a
// modulepreload for the second in the page, src/app/build/preloadMount.ts), so the calls no longer
// wait for all the code to arrive.

/** Loads the React part; if it cannot be loaded, says so in plain DOM with a way to try again. */
export function mountLater(load: () => Promise<{ mount(): void }>, attempt = 1): void {
  load().then(
    (part) => part.mount(),
    () => (attempt < 2 ? mountLater(load, attempt + 1) : showLoadFailure()),
  );
}

/** What the page says, in plain DOM, when what it needs could not be loaded: with a way to try again. */
export function showLoadFailure(): void {
  const root = document.getElementById('root');
  if (!root) return;
  const message = document.createElement('p');
  message.className = 'app-offline';
  message.textContent = 'We could not load this page. Check your connection and try again.';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Try again';
  retry.addEventListener('click', () => location.reload());
  root.replaceChildren(message, retry);
}
