// The promotion entry (ruling 15): /promo/#/landing?id=.., /promo/#/download?down_id=..,
// /promo/#/agreement?id=... The template id picks the document through manifest.promo; an unknown
// id gets a clear not-found page.
import { HashRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AppServices } from './context';
import { NotFoundPage } from './NotFoundPage';
import { RouterLink } from './RouterLink';
import { PROMO_PAGES, promoScreen, type Manifest, type PromoPage } from '../manifest/routes';
import { ScreenRoute } from './ScreenRoute';
import { Shell } from './Shell';

const PROMO_PATHS = PROMO_PAGES.map((page) => `/${page}`);

function PromoRoute({ manifest, page }: { manifest: Manifest; page: PromoPage }) {
  const { search } = useLocation();
  const screen = promoScreen(manifest, page, new URLSearchParams(search));
  if (!screen)
    return <NotFoundPage message="This promotion is not available. Please check the link you were sent." />;
  return <ScreenRoute key={screen} screenId={screen} />;
}

export function PromoRoutes({ services, manifest }: { services: AppServices; manifest: Manifest }) {
  return (
    <>
      <RouterLink host={services.host} paths={PROMO_PATHS} />
      <Routes>
        {PROMO_PAGES.map((page) => (
          <Route key={page} path={`/${page}`} element={<PromoRoute manifest={manifest} page={page} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
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
