/**
 * Which version of a screen a borrower was served, as the page reports it with every event: the
 * published revision's id, and the experiment arm when the screen is under one
 * (src/server/experiments/; `<experiment>:<arm>`, e.g. `e3:b`). inline-screen.ts puts both in the
 * page, plugins/screens.ts in the X-Screen-Revision / X-Screen-Variant headers. A document served
 * from elsewhere than the published set (none today) falls back to its content hash.
 */
export interface ScreenVersion {
  revision: string;
  /** '' when the screen is under no experiment. */
  variant: string;
}

export const REVISION_HEADER = 'X-Screen-Revision';
export const VARIANT_HEADER = 'X-Screen-Variant';

export function screenVersion(file: { etag: string; revisionId?: number; variant?: string }): ScreenVersion {
  return {
    revision:
      file.revisionId !== undefined
        ? String(file.revisionId)
        : file.etag.replace(/^W\//, '').replace(/"/g, '').slice(0, 16),
    variant: file.variant ?? '',
  };
}
