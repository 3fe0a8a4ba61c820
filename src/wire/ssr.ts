// The contract between the server and the app's drawing entry (issue 26): what the server hands
// the built module (dist-ssr/render.mjs, src/app/ssr/render.tsx) to draw a borrower page, and
// what it gets back. The server loads that module by path at run time (src/server/ssr/renderer.ts)
// and imports only this file, never the app.
import type { AnsweredState } from '../../renderer/createEngine';
import type { ScreenDocument } from '../../renderer/types.gen';
import type { Manifest } from '../manifest/routes';

/** The request as the page's window sees it before any phone has run. */
export interface RequestView {
  /** The page's absolute address as the phone will see it. */
  href: string;
  cookie: string;
  userAgent: string;
}

/** The app's entry whose page is drawn: index.html (the main app) or promo.html (promotions). */
export type PageEntry = 'main' | 'promo';

export interface PageRenderInput extends RequestView {
  /** The entry the server serves at this address: its routes are drawn (the server chose it). */
  entry: PageEntry;
  /**
   * The screen at this address and its published (or the borrower's arm's) document, validated by
   * the server; both null when the address has none: the entry's own not-found page is drawn.
   */
  screenId: string | null;
  doc: ScreenDocument | null;
  manifest: Manifest;
  /** The text of the page's configuration tag, as the phone will read it. */
  configText: string;
  /** The API, answered in-process (or by a configured upstream); the host's fetch adapter's shape. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** How long the sources may take before the page is drawn without them. */
  answerWithinMs: number;
}

export interface PageRender {
  /** The markup of #root. */
  html: string;
  /** What the sources left (null: the phone runs them, the HTML shows their loading state). */
  answered: AnsweredState | null;
  /** The page's title as drawn (null: the drawing named none), for the page's <title>. */
  title: string | null;
}
