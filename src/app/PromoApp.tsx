// The promotion entry (ruling 15): /promo/#/landing?id=.., /promo/#/download?down_id=..,
// /promo/#/agreement?id=... The template id picks the document through manifest.promo; an unknown
// id gets a clear not-found page. The page is read from the hash route as promo.tsx reads it for
// the first screen (src/manifest/routes.ts); React Router keeps the hash history and location.
// The server-visible addresses (/promo/landing?id=.., issue 26 item 3) are the same pages under a
// browser router mounted at /promo, which the server draws with the same routes (src/app/ssr/).
import { BrowserRouter, HashRouter, useLocation } from 'react-router-dom';
import type { AppServices } from './context';
import { NotFoundPage } from './NotFoundPage';
import { RouterLink } from './RouterLink';
import { PROMO_BASE, promoPage, promoScreen, type Manifest } from '../manifest/routes';
import { ScreenRoute } from './ScreenRoute';
import { Shell } from './Shell';

const handles = (pathname: string) => promoPage(pathname) !== null;

export function PromoRoutes({ services, manifest }: { services: AppServices; manifest: Manifest }) {
  const { pathname, search } = useLocation();
  const page = promoPage(pathname);
  const screen = page && promoScreen(manifest, page, new URLSearchParams(search));
  return (
    <>
      <RouterLink host={services.host} handles={handles} />
      {screen ? (
        <ScreenRoute key={screen} screenId={screen} />
      ) : page ? (
        <NotFoundPage message="This promotion is not available. Please check the link you were sent." />
      ) : (
        <NotFoundPage />
      )}
    </>
  );
}

export function PromoApp({
  services,
  manifest,
  atPath = false,
}: {
  services: AppServices;
  manifest: Manifest;
  /** The page was opened at its server-visible address (/promo/landing?id=..), not a hash one. */
  atPath?: boolean;
}) {
  const routes = <PromoRoutes services={services} manifest={manifest} />;
  return (
    <Shell services={services}>
      {atPath ? (
        <BrowserRouter basename={PROMO_BASE}>{routes}</BrowserRouter>
      ) : (
        <HashRouter>{routes}</HashRouter>
      )}
    </Shell>
  );
}
