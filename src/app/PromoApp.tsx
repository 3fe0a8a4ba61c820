// The promotion entry (ruling 15): /promo/#/landing?id=.., /promo/#/download?down_id=..,
// /promo/#/agreement?id=... The template id picks the document through manifest.promo; an unknown
// id gets a clear not-found page. The page is read from the hash route as promo.tsx reads it for
// the first screen (src/manifest/routes.ts); React Router keeps the hash history and location.
import { HashRouter, useLocation } from 'react-router-dom';
import type { AppServices } from './context';
import { NotFoundPage } from './NotFoundPage';
import { RouterLink } from './RouterLink';
import { promoPage, promoScreen, type Manifest } from '../manifest/routes';
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

export function PromoApp({ services, manifest }: { services: AppServices; manifest: Manifest }) {
  return (
    <Shell services={services}>
      <HashRouter>
        <PromoRoutes services={services} manifest={manifest} />
      </HashRouter>
    </Shell>
  );
}
