// /studio and /studio/preview serve the studio's pages in the Vite dev server and `vite preview`,
// as the reference server does (there saving needs the token: open it from the reference server).
import type { Plugin } from 'vite';

export function studioEntry(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const url = req.url ?? '';
    if (/^\/studio\/preview\/?(\?|$)/.test(url))
      req.url = url.replace(/^\/studio\/preview\/?/, '/studio-preview.html');
    else if (/^\/studio\/?(\?|$)/.test(url)) req.url = url.replace(/^\/studio\/?/, '/studio.html');
    next();
  };
  return {
    name: 'lender-studio-entry',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}
