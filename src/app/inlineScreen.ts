// The screen document the server puts in the page for the route it serves
// (<script type="application/json" id="screen-doc">, src/server/lib/inline-screen.ts): the first
// screen draws without fetching it. Data, not script, so the page's CSP allows it.
import type { InitialScreen } from './loadScreen';

export const SCREEN_DOC_ELEMENT_ID = 'screen-doc';

export function readInitialScreen(doc: Document = document): InitialScreen | null {
  const text = doc.getElementById(SCREEN_DOC_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<InitialScreen> | null;
    if (!value || typeof value.id !== 'string' || typeof value.stamp !== 'string') return null;
    return {
      id: value.id,
      etag: typeof value.etag === 'string' ? value.etag : null,
      stamp: value.stamp,
      doc: value.doc,
    };
  } catch {
    return null;
  }
}
