/**
 * Which version of a screen a borrower was served, as the page reports it with every event: the
 * published revision's id (with the expansion's fingerprint, `12+3fa9c1d0`, when the screen uses
 * parts or is a variant, so that a part's publication is a new version), and the experiment arm when the screen is under one
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

export function screenVersion(file: {
  etag: string;
  revisionId?: number;
  expansion?: string;
  variant?: string;
}): ScreenVersion {
  return {
    revision:
      file.revisionId === undefined
        ? file.etag.replace(/^W\//, '').replace(/"/g, '').slice(0, 16)
        : file.expansion
          ? `${file.revisionId}+${file.expansion}`
          : String(file.revisionId),
    variant: file.variant ?? '',
  };
}
