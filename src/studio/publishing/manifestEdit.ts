// Changes ops make to the manifest from the studio, as pure functions of its JSON (the result is
// saved as a draft of manifest/manifest and checked by the server like any document).
import type { ScreensManifest } from '../../../renderer/types.gen';

export const PROMO_PAGES = ['landing', 'download', 'agreement'] as const;

export function mapTemplate(
  m: ScreensManifest,
  page: string,
  templateId: string,
  screen: string,
): ScreensManifest {
  const entry = m.promo?.[page] ?? { templates: {} };
  return {
    ...m,
    promo: { ...m.promo, [page]: { ...entry, templates: { ...entry.templates, [templateId]: screen } } },
  };
}

export function addRoute(m: ScreensManifest, path: string, screen: string): ScreensManifest {
  return { ...m, routes: [...m.routes, { path, screen }] };
}

/** The manifest as the repo's files are written: two-space JSON and a final newline. */
export const manifestText = (m: ScreensManifest) => `${JSON.stringify(m, null, 2)}\n`;
