// The promotion entry's React part, loaded by promo.tsx after the first screen's calls have started.
import { createRoot } from 'react-dom/client';
import type { AppServices } from './context';
import { PromoApp } from './PromoApp';
import type { Manifest } from '../manifest/routes';

export function mount(services: AppServices, manifest: Manifest): void {
  createRoot(document.getElementById('root')!).render(<PromoApp services={services} manifest={manifest} />);
}
