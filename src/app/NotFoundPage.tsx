// The app shell's not-found page: friendly, with a way back.
import { useEffect } from 'react';
import { useApp } from './context';

export function NotFoundPage({
  message = 'The page you are looking for does not exist or has moved.',
}: {
  message?: string;
}) {
  const { host } = useApp();
  useEffect(() => {
    document.title = 'Page not found';
  }, []);
  return (
    <main className="app-page" data-page="not-found">
      <div className="app-page-icon" aria-hidden="true">
        ?
      </div>
      <h1 className="app-page-title">Page not found</h1>
      <p className="app-page-text">{message}</p>
      <div className="app-page-actions">
        <button type="button" className="app-button" onClick={() => host.back('/')}>
          Go back
        </button>
      </div>
    </main>
  );
}
