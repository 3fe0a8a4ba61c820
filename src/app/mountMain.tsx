// The main entry's React part, loaded by main.tsx after the first screen's calls have started.
import { createRoot } from 'react-dom/client';
import { App } from './App';
import type { AppServices } from './context';
import type { Manifest } from '../manifest/routes';

export function mount(services: AppServices, manifest: Manifest): void {
  createRoot(document.getElementById('root')!).render(<App services={services} manifest={manifest} />);
}
