// Routes and promotion templates come from the published manifest at run time (issue 17), so a
// template id mapped in the studio works without a rebuild. The server puts it in the page; a page
// it did not serve (the Vite dev server, a static host) fetches it once.
import type { Manifest } from '../manifest/routes';
import { readInlineManifest, type PreviewInfo } from './inlineScreen';

export function withManifest(run: (manifest: Manifest) => void, failed: () => void): void {
  const inline = readInlineManifest(document);
  if (inline) return run(inline);
  fetch('/screens/manifest.json', { headers: { Accept: 'application/json' }, cache: 'no-cache' })
    .then((response) => (response.ok ? (response.json() as Promise<Manifest>) : Promise.reject()))
    .then((manifest) => (Array.isArray(manifest?.routes) ? manifest : Promise.reject()))
    .then(run, failed);
}

/**
 * A preview link's page shows one draft at its own address; every other address is a page load
 * of the published app (the draft, not kept on the device, goes with this page).
 */
export function previewManifest(manifest: Manifest, path: string, preview: PreviewInfo): Manifest {
  return { ...manifest, routes: [{ path, screen: preview.screen }] };
}
