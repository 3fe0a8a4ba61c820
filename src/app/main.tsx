// The main entry (index.html): the lender's app. The first screen's work starts here; the React
// part follows in its own chunk (src/app/boot.ts). Routes come from the published manifest in the
// page (src/app/runtimeManifest.ts).
import '../../renderer/theme.css';
import './shell.css';
import { mountLater, showLoadFailure } from './boot';
import { keepEarlyTaps } from './earlyTaps';
import { embedScreens } from './embed';
import { startFirstScreen } from './firstScreen';
import { readDrawn, readPreview } from './inlineScreen';
import { paramsOf } from './params';
import { previewManifest, withManifest } from './runtimeManifest';
import { routeEntries, screenForPath } from '../manifest/routes';
import { startServices } from './services';

// First: a tap on the server's drawing from now on is not lost while the React part comes.
const taps = keepEarlyTaps(document.getElementById('root'));
const services = startServices(import.meta.env.DEV);
const preview = readPreview(document);
if (preview) void import('./previewBand').then((band) => band.showPreviewBand(preview));
withManifest((published) => {
  const manifest = preview ? previewManifest(published, location.pathname, preview) : published;
  embedScreens(services, published);
  const first = screenForPath(routeEntries(manifest, services.host.config), location.pathname);
  const drawn = readDrawn(document);
  if (first) startFirstScreen(services, first, paramsOf(location.search), drawn);
  mountLater(() =>
    import('./mountMain').then((part) => ({ mount: () => part.mount(services, manifest, drawn, taps) })),
  );
}, showLoadFailure);
