// The main entry's router: one route per manifest path (aliases included), the shell's error
// page at /error, and the not-found page for everything else.
import { useMemo } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { AppServices } from './context';
import { ErrorPage } from './ErrorPage';
import { NotFoundPage } from './NotFoundPage';
import { RouterLink } from './RouterLink';
import { routeEntries, SHELL_PATHS, type Manifest } from '../manifest/routes';
import { ScreenRoute } from './ScreenRoute';
import { Shell } from './Shell';

export function AppRoutes({ services, manifest }: { services: AppServices; manifest: Manifest }) {
  const entries = useMemo(() => routeEntries(manifest, services.host.config), [manifest, services]);
  const paths = useMemo(() => [...SHELL_PATHS, ...entries.map((e) => e.path)], [entries]);
  return (
    <>
      <RouterLink host={services.host} paths={paths} />
      <Routes>
        {entries.map(({ path, screen }) => (
          <Route key={path} path={path} element={<ScreenRoute key={screen} screenId={screen} />} />
        ))}
        <Route path="/error" element={<ErrorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
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
