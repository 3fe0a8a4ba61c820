// The main entry's router: a page per manifest path (aliases included), the shell's error page at
// /error, and the not-found page for everything else. The page is picked by the manifest's own
// matching rule (src/manifest/routes.ts), the one the first screen and the server's page use;
// React Router keeps the history and the location (BrowserRouter, useLocation, useNavigate).
import { useCallback, useMemo } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import type { AppServices } from './context';
import { ErrorPage } from './ErrorPage';
import { NotFoundPage } from './NotFoundPage';
import { RouterLink } from './RouterLink';
import { isShellPath, routeEntries, screenForPath, type Manifest } from '../manifest/routes';
import { ScreenRoute } from './ScreenRoute';
import { Shell } from './Shell';

export function AppRoutes({ services, manifest }: { services: AppServices; manifest: Manifest }) {
  const entries = useMemo(() => routeEntries(manifest, services.host.config), [manifest, services]);
  const handles = useCallback(
    (pathname: string) => isShellPath(pathname) || screenForPath(entries, pathname) !== null,
    [entries],
  );
  const { pathname } = useLocation();
  const screen = screenForPath(entries, pathname);
  return (
    <>
      <RouterLink host={services.host} handles={handles} />
      {screen ? (
        <ScreenRoute key={screen} screenId={screen} />
      ) : isShellPath(pathname) ? (
        <ErrorPage />
      ) : (
        <NotFoundPage />
      )}
    </>
  );
}

export function App({ services, manifest }: { services: AppServices; manifest: Manifest }) {
  return (
    <Shell services={services}>
      <BrowserRouter>
        <AppRoutes services={services} manifest={manifest} />
      </BrowserRouter>
    </Shell>
  );
}
