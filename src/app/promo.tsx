// The promotion entry (promo.html): landing, download and agreement templates under hash routes.
// The first screen's work starts here; the React part follows in its own chunk (src/app/boot.ts).
import '../../renderer/theme.css';
import './shell.css';
import manifest from '../../screens/manifest.json';
import { mountLater } from './boot';
import { startFirstScreen } from './firstScreen';
import { paramsOf } from './params';
import { promoRoute, promoScreen, type Manifest } from '../manifest/routes';
import { startServices } from './services';

const services = startServices(import.meta.env.DEV);
const route = promoRoute(location.hash);
const first = route && promoScreen(manifest as Manifest, route.page, route.query);
if (route && first) startFirstScreen(services, first, paramsOf(`?${route.query.toString()}`));
mountLater(() =>
  import('./mountPromo').then((part) => ({ mount: () => part.mount(services, manifest as Manifest) })),
);
