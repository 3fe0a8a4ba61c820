// The promotion entry (promo.html): landing, download and agreement templates under hash routes
// (/promo/#/landing?id=1), or at their server-visible addresses (/promo/landing?id=1, issue 26
// item 3), which the server draws and the phone hydrates. The first screen's work starts here; the
// React part follows in its own chunk (src/app/boot.ts). Template ids come from the published
// manifest in the page (src/app/runtimeManifest.ts); which versions are current, from the page's
// map (src/app/currentScreens.ts).
import '../../renderer/theme.css';
import './shell.css';
import { mountLater, showLoadFailure } from './boot';
import { currentFirst, readCurrent } from './currentScreens';
import { keepEarlyTaps } from './earlyTaps';
import { embedScreens } from './embed';
import { startFirstScreen } from './firstScreen';
import { readDrawn } from './inlineScreen';
import { paramsOf } from './params';
import { promoPathRoute, promoRoute, promoScreen } from '../manifest/routes';
import { withManifest } from './runtimeManifest';
import { startServices } from './services';

// First: a tap on the server's drawing from now on is not lost while the React part comes.
const taps = keepEarlyTaps(document.getElementById('root'));
const started = startServices(import.meta.env.DEV);
// The page says which versions are current: a kept copy the server has replaced is not drawn.
const current = readCurrent();
withManifest((manifest) => {
  const hashRoute = promoRoute(location.hash);
  const pathRoute = hashRoute ? null : promoPathRoute(location.pathname, location.search);
  // The hash form wins, as before; /promo/ with neither keeps the hash router it always had.
  const atPath = pathRoute !== null;
  const route = hashRoute ?? pathRoute;
  const first = route && promoScreen(manifest, route.page, route.query);
  const services = current ? { ...started, loader: currentFirst(started.loader, current) } : started;
  embedScreens(services, manifest);
  const drawn = atPath ? readDrawn(document) : null;
  if (route && first) startFirstScreen(services, first, paramsOf(`?${route.query.toString()}`), drawn);
  mountLater(() =>
    import('./mountPromo').then((part) => ({
      mount: () => part.mount(services, manifest, atPath, drawn, taps),
    })),
  );
}, showLoadFailure);
