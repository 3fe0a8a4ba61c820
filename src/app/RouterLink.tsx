// Hands the page's router to the host, so Host.navigate can change routes (declarative routers
// only exist inside React).
import { useLayoutEffect } from 'react';
import { matchRoutes, useNavigate } from 'react-router-dom';
import type { AppHost } from '../host/createHost';

export function RouterLink({ host, paths }: { host: AppHost; paths: readonly string[] }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const table = paths.map((path) => ({ path }));
    host.setRouter({
      handles: (pathname) => (matchRoutes(table, pathname)?.length ?? 0) > 0,
      navigate: (to, { replace }) => void navigate(to, { replace }),
    });
    return () => host.setRouter(null);
  }, [host, navigate, paths]);
  return null;
}
