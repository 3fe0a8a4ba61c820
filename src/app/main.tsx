// The main entry (index.html): the lender's app. The first screen's work starts here; the React
// part follows in its own chunk (src/app/boot.ts).
import '../../renderer/theme.css';
import './shell.css';
import manifest from '../../screens/manifest.json';
import { mountLater } from './boot';
import { startFirstScreen } from './firstScreen';
import { paramsOf } from './params';
import { routeEntries, screenForPath, type Manifest } from '../manifest/routes';
import { startServices } from './services';

const services = startServices(import.meta.env.DEV);
const first = screenForPath(routeEntries(manifest as Manifest, services.host.config), location.pathname);
if (first) startFirstScreen(services, first, paramsOf(location.search));
mountLater(() =>
  import('./mountMain').then((part) => ({ mount: () => part.mount(services, manifest as Manifest) })),
);
