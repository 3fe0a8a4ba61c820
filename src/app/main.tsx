// The main entry (index.html): the lender's app.
import { createRoot } from 'react-dom/client';
import '../../renderer/theme.css';
import './shell.css';
import manifest from '../../screens/manifest.json';
import { App } from './App';
import type { Manifest } from './routes';
import { startServices } from './services';

const services = startServices(import.meta.env.DEV);
createRoot(document.getElementById('root')!).render(
  <App services={services} manifest={manifest as Manifest} />,
);
