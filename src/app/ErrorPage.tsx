// The app shell's error page: a friendly message and a way back. In a development build it also
// lists what was wrong (e.g. a screen document's validation errors); production never does.
import { useEffect } from 'react';
import { useApp } from './context';

export interface ErrorPageProps {
  title?: string;
  message?: string;
  /** Shown in development builds only. */
  details?: string[];
  /** Offer "Try again" (a reload), e.g. after a network failure. */
  retry?: boolean;
  /** The page's kind (its data-page) and the sign above the title: the not-found page is this one. */
  page?: 'error' | 'not-found';
  icon?: string;
}

export function ErrorPage({
  title = 'Something went wrong',
  message = 'This page could not be shown right now. Please try again later.',
  details = [],
  retry = false,
  page = 'error',
  icon = '!',
}: ErrorPageProps) {
  const { host, dev } = useApp();
  // The server's drawing has no document: its host writes the title into the page (Host.title).
  if (typeof document === 'undefined') host.title?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main className="app-page" data-page={page}>
      <div className="app-page-icon" aria-hidden="true">
        {icon}
      </div>
      <h1 className="app-page-title">{title}</h1>
      <p className="app-page-text">{message}</p>
      {dev && details.length > 0 && (
        <ul className="app-page-details" aria-label="Problems found">
          {details.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      <div className="app-page-actions">
        {retry && (
          <button type="button" className="app-button" onClick={() => window.location.reload()}>
            Try again
          </button>
        )}
        {/* The only way on is the main one. */}
        <button
          type="button"
          className={retry ? 'app-button app-button-plain' : 'app-button'}
          onClick={() => host.back('/')}
        >
          Go back
        </button>
      </div>
    </main>
  );
}
