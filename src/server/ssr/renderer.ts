// The borrower pages' renderer, loaded on the first page that needs it and never before: the
// server's own modules never import React (src/server/README.md). It is the app's build of
// src/app/ssr/render.tsx (vite.ssr.config.ts); the contract both sides keep is src/wire/ssr.ts.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRender, PageRenderInput } from '../../wire/ssr.js';

export type { PageRender, PageRenderInput };

export interface PageRenderer {
  render(input: PageRenderInput): Promise<PageRender>;
}

/**
 * The renderer at `modulePath`, or null when there is none ('' or not built: pages are sent for
 * the phone to draw, as before issue 26). A module that fails to load is logged once and the
 * pages are sent without it.
 */
export function pageRenderer(
  modulePath: string,
  warn: (message: string) => void,
): () => Promise<PageRenderer | null> {
  let loading: Promise<PageRenderer | null> | null = null;
  return () =>
    (loading ??=
      modulePath && existsSync(modulePath)
        ? import(pathToFileURL(modulePath).href).then(
            (module: { renderPage?: PageRenderer['render'] }) =>
              typeof module.renderPage === 'function' ? { render: module.renderPage } : null,
            (error: unknown) => {
              warn(`the page renderer ${modulePath} could not be loaded: ${String(error)}`);
              return null;
            },
          )
        : Promise.resolve(null));
}
