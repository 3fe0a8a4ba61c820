// The band of a preview link's page (issue 17). A chunk of its own, loaded only by a preview page:
// a borrower's first screen never draws it.
import { dayTimeText, parseMoment } from '../../renderer/calendar';
import type { PreviewInfo } from './inlineScreen';

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
