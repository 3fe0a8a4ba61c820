// The server's first draw of a borrower page (issue 26): the app's own tree (Shell, the main app's
// routes or the promotion entry's, ScreenRoute, the engine's Screen) rendered with React's server renderer, over the lender's own
// Host built on the request (serverWindow.ts), after the screen's sources were answered by the
// server's API in-process. Built as a module of its own (vite.ssr.config.ts → dist-ssr/), which the
// server imports only when it draws a page (src/server/ssr/), so the API never loads React.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { answerSources } from '../../../renderer/answer';
import { lazyNamesOf, preloadLazy } from '../../../renderer/lazy';
import { loadLanguage } from '../../../renderer/lang/load';
import { needsLanguage } from '../../../renderer/lang/needs';
import { configFromTag } from '../../config/client';
import { createHost } from '../../host/createHost';
import { createDirectClients } from '../../host/directHttp';
import { memoryStorage } from '../../host/storage';
import { AppRoutes } from '../App';
import { PROMO_BASE } from '../../manifest/routes';
import { PromoRoutes } from '../PromoApp';
import { createScreenLoader } from '../loadScreen';
import { paramsOf } from '../params';
import { Shell } from '../Shell';
import type { PageRender, PageRenderInput } from '../../wire/ssr';
import { serverWindow } from './serverWindow';

const STAMP = 'server';

function within<T>(promise: Promise<T>, ms: number, otherwise: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(otherwise), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(otherwise);
      },
    );
  });
}

/** The page's configuration, read once per text (the server's is the same for every page): a copy goes out. */
let configRead: { text: string; config: ReturnType<typeof configFromTag> } | null = null;
function configOf(text: string): ReturnType<typeof configFromTag> {
  if (configRead?.text !== text) configRead = { text, config: configFromTag(text) };
  return configRead.config;
}

export async function renderPage(input: PageRenderInput): Promise<PageRender> {
  const { doc, screenId } = input;
  // No measurement from the server's draw: the events are the phone's. (Its host would otherwise
  // post the first draw's api events seconds later, through the page's fetch, with the page's
  // cookies, and hold the page's host and data in memory until then.)
  const config = { ...configOf(input.configText), trackUrl: '', reportUrl: '' };
  const win = serverWindow(input);
  // The window refuses storage: the page's stores are memory ones, as the phone's host falls back
  // to when a webview refuses them, without probing (and an exception) per store and page.
  const stores = { local: memoryStorage(), session: memoryStorage() };
  // Its HTTP clients without axios (src/host/directHttp.ts): the same calls, less CPU a page.
  const host = createHost({ config, win, fetch: input.fetch, stores, clients: createDirectClients });
  // The page's title as the drawing names it (the screen's, or the not-found page's), for <title>.
  let title: string | null = null;
  host.title = (text) => {
    title = text;
  };
  const loader = createScreenLoader({
    fetch: () => Promise.reject(new Error('no network on the server')),
    // The server keeps nothing of a page for the next (the phone keeps its own copy): an empty
    // store to read, and nothing written (not even serialized).
    storage: memoryStorage(),
    keep: false,
    validate: () => ({ ok: false, errors: [] }),
    stamp: STAMP,
    ...(screenId && doc ? { initial: { id: screenId, etag: null, stamp: STAMP, doc } } : {}),
    warn: () => undefined,
  });
  const [lang] = await Promise.all([
    doc && needsLanguage(doc) ? loadLanguage().catch(() => null) : Promise.resolve(null),
    doc ? preloadLazy(lazyNamesOf(doc)) : Promise.resolve(),
  ]);
  const url = new URL(input.href);
  const params = paramsOf(url.search);
  const answered = doc?.sources?.length
    ? await within(answerSources(doc, host, params, lang), input.answerWithinMs, null)
    : null;
  const services = {
    host,
    loader,
    prefetch: () => undefined,
    dev: false,
    // No screen: the routes draw the entry's not-found page, which answers nothing.
    ...(screenId ? { answered: { screenId, state: answered } } : {}),
  };
  // The promotion entry's server-visible addresses (/promo/landing?id=1) are its routes under
  // /promo, as the phone's browser router mounts them (src/app/PromoApp.tsx); the rest, the main app's.
  const promo = input.entry === 'promo';
  const html = renderToString(
    <Shell services={services}>
      <StaticRouter location={url.pathname + url.search} basename={promo ? PROMO_BASE : undefined}>
        {promo ? (
          <PromoRoutes services={services} manifest={input.manifest} />
        ) : (
          <AppRoutes services={services} manifest={input.manifest} />
        )}
      </StaticRouter>
    </Shell>,
  );
  return { html, answered, title };
}
