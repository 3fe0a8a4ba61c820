// The promotion entry (promo.html): landing, download and agreement templates under hash routes.
// The first screen's work starts here; the React part follows in its own chunk (src/app/boot.ts).
// Template ids come from the published manifest in the page (src/app/runtimeManifest.ts); which
// versions are current, from the page's map (src/app/currentScreens.ts).
import '../../renderer/theme.css';
import './shell.css';
import { mountLater, showLoadFailure } from './boot';
import { currentFirst, readCurrent } from './currentScreens';
import { embedScreens } from './embed';
import { startFirstScreen } from './firstScreen';
import { paramsOf } from './params';
import { promoRoute, promoScreen } from '../manifest/routes';
import { withManifest } from './runtimeManifest';
import { startServices } from './services';
import { webStorage } from '../host/storage';

const started = startServices(import.meta.env.DEV);
// The page says which versions are current: a kept copy the server has replaced is not drawn.
const current = readCurrent();
const services = current
  ? {
      ...started,
      loader: currentFirst(
        started.loader,
        current,
        webStorage(() => window.localStorage),
      ),
    }
  : started;
withManifest((manifest) => {
  embedScreens(services, manifest);
  const route = promoRoute(location.hash);
  const first = route && promoScreen(manifest, route.page, route.query);
  if (route && first) startFirstScreen(services, first, paramsOf(`?${route.query.toString()}`));
  mountLater(() => import('./mountPromo').then((part) => ({ mount: () => part.mount(services, manifest) })));
}, showLoadFailure);
