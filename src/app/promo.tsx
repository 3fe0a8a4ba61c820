// The promotion entry (promo.html): landing, download and agreement templates under hash routes.
import { createRoot } from 'react-dom/client';
import '../../renderer/theme.css';
import './shell.css';
import manifest from '../../screens/manifest.json';
import { PromoApp } from './PromoApp';
import type { Manifest } from './routes';
import { startServices } from './services';

const services = startServices(import.meta.env.DEV);
createRoot(document.getElementById('root')!).render(
  <PromoApp services={services} manifest={manifest as Manifest} />,
);
