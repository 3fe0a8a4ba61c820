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
}

export function ErrorPage({
  title = 'Something went wrong',
  message = 'This page could not be shown right now. Please try again later.',
  details = [],
  retry = false,
}: ErrorPageProps) {
  const { host, dev } = useApp();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main className="app-page" data-page="error">
      <div className="app-page-icon" aria-hidden="true">
        !
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
        <button type="button" className="app-button app-button-plain" onClick={() => host.back('/')}>
          Go back
        </button>
      </div>
    </main>
  );
}
