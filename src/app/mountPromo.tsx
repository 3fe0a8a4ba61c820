// The promotion entry's React part, loaded by promo.tsx after the first screen's calls have started.
// A page the server drew at its server-visible address (/promo/landing?id=1, issue 26 item 3) is
// hydrated (hydrate.tsx); a hash address (/promo/#/landing?id=1) is drawn by the phone, as before.
import type { AppServices } from './context';
import { mountTree } from './hydrate';
import type { DrawnPage } from './inlineScreen';
import type { EarlyTaps } from './earlyTaps';
import { PromoApp } from './PromoApp';
import type { Manifest } from '../manifest/routes';

export function mount(
  services: AppServices,
  manifest: Manifest,
  atPath: boolean,
  drawn: DrawnPage | null,
  taps: EarlyTaps | null,
): void {
  mountTree(services, <PromoApp services={services} manifest={manifest} atPath={atPath} />, drawn, taps);
}
