/**
 * Which version of a screen a borrower was served, as the page reports it with every event.
 * THE seam for the publishing work: today a screen document is a file and its version is its
 * content hash (the ETag's value); published revisions will return their revision id here, and
 * experiments the variant they chose, and nothing else changes (inline-screen.ts puts both in
 * the page, plugins/screens.ts in the X-Screen-Revision / X-Screen-Variant headers).
 */
export interface ScreenVersion {
  revision: string;
  /** '' until experiments exist. */
  variant: string;
}

export const REVISION_HEADER = 'X-Screen-Revision';
export const VARIANT_HEADER = 'X-Screen-Variant';

export function screenVersion(file: { etag: string }): ScreenVersion {
  return { revision: file.etag.replace(/^W\//, '').replace(/"/g, '').slice(0, 16), variant: '' };
}
