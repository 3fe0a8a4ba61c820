// The promotion entry (promo.html): landing, download and agreement templates under hash routes.
// The first screen's work starts here; the React part follows in its own chunk (src/app/boot.ts).
// Template ids come from the published manifest in the page (src/app/runtimeManifest.ts).
import '../../renderer/theme.css';
import './shell.css';
import { mountLater, showLoadFailure } from './boot';
import { embedScreens } from './embed';
import { startFirstScreen } from './firstScreen';
import { paramsOf } from './params';
import { promoRoute, promoScreen } from '../manifest/routes';
import { withManifest } from './runtimeManifest';
import { startServices } from './services';

const services = startServices(import.meta.env.DEV);
withManifest((manifest) => {
  embedScreens(services, manifest);
  const route = promoRoute(location.hash);
  const first = route && promoScreen(manifest, route.page, route.query);
  if (route && first) startFirstScreen(services, first, paramsOf(`?${route.query.toString()}`));
  mountLater(() => import('./mountPromo').then((part) => ({ mount: () => part.mount(services, manifest) })));
}, showLoadFailure);
