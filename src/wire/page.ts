// What the server writes into the app's page and headers, and the app reads back: the ids of the
// page's data elements (<script type="application/json" id=...>) and the checked-document header.
// Written by src/server/lib (inline-screen.ts, page-html.ts, current-screens.ts),
// src/server/publishing/published-set.ts and src/server/plugins/screens.ts; read by src/app
// (inlineScreen.ts, currentScreens.ts, loadScreen.ts).

/** The screen document of the route the page serves (src/app/inlineScreen.ts). */
export const SCREEN_DOC_ELEMENT_ID = 'screen-doc';
/** The published manifest: routes and promotion templates, read at run time with no request. */
export const MANIFEST_ELEMENT_ID = 'screen-manifest';
/** On a preview link: which draft the page shows, and until when. */
export const PREVIEW_ELEMENT_ID = 'screen-preview';
/** The promotion page's map of each promotion screen's current version (src/app/currentScreens.ts). */
export const CURRENT_ELEMENT_ID = 'screen-current';
/**
 * A page the server drew (issue 26): which screen, and what its sources left (null: not answered).
 * Written by src/server/ssr/drawn-page.ts, read by src/app/inlineScreen.ts (readDrawn).
 */
export const DRAWN_ELEMENT_ID = 'screen-drawn';

/** Set by the reference server on a document its validators accepted: their fingerprint. */
export const SCREEN_CHECKED_HEADER = 'X-Screen-Checked';

/**
 * In dist/, beside the pages: each x-lazy block's stylesheets by block type, which a page the
 * server drew links in its head (written by src/app/build/lazyStyles.ts, read by
 * src/server/ssr/lazy-styles.ts).
 */
export const LAZY_STYLES_FILE = 'lazy-styles.json';
