// Routes and promotion templates come from the published manifest at run time (issue 17), so a
// template id mapped in the studio works without a rebuild. The server puts it in the page; a page
// it did not serve (the Vite dev server, a static host) fetches it once.
import { dayTimeText, parseMoment } from '../../renderer/calendar';
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

/** The visible band of a preview page: ops must never mistake a draft for the live screen. */
export function showPreviewBand(preview: PreviewInfo): void {
  const band = document.createElement('div');
  band.className = 'app-preview-band';
  band.setAttribute('role', 'status');
  // The lender's time, whatever the phone's own zone (renderer/calendar.ts; no Intl: a webview
  // with small ICU data may not know the zone).
  const expires = parseMoment(preview.expiresAt);
  const until = expires === undefined ? preview.expiresAt : dayTimeText(expires).slice(0, 16);
  band.textContent = `Preview of a draft (${preview.screen}), not what borrowers see. Link valid until ${until} (Manila).`;
  document.body.prepend(band);
}
