// Hands the page's router to the host, so Host.navigate can change routes (declarative routers
// only exist inside React). `handles` says which paths are pages of this router.
import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AppHost } from '../host/createHost';

export function RouterLink({ host, handles }: { host: AppHost; handles: (pathname: string) => boolean }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    host.setRouter({
      handles,
      navigate: (to, { replace }) => void navigate(to, { replace }),
    });
    return () => host.setRouter(null);
  }, [host, navigate, handles]);
  return null;
}
