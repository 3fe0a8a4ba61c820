// The main entry's React part, loaded by main.tsx after the first screen's calls have started.
// A page the server drew (issue 26, src/app/ssr/) is hydrated (hydrate.tsx).
import { App } from './App';
import type { AppServices } from './context';
import { mountTree } from './hydrate';
import type { DrawnPage } from './inlineScreen';
import type { EarlyTaps } from './earlyTaps';
import type { Manifest } from '../manifest/routes';

export function mount(
  services: AppServices,
  manifest: Manifest,
  drawn: DrawnPage | null,
  taps: EarlyTaps | null,
): void {
  mountTree(services, <App services={services} manifest={manifest} />, drawn, taps);
}
