// The studio's entry (studio.html, served at /studio by the reference server when the `studio`
// config flag is on). Its own bundle: nothing here reaches the borrower's pages. It shows the
// sign-in form until the server says who is signed in.
import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { currentSession, studioApi, type Session } from './api';
import { DatabaseNotice } from './DatabaseNotice';
import { SignIn } from './SignIn';
import { StudioApp } from './StudioApp';
import './studio.css';

const hash = decodeURIComponent(window.location.hash.slice(1));
/** The screen the editor opens first (a publishing screen's address names none). */
const initialId = hash && !hash.startsWith('/') ? hash : 'loan-details';

/** How often the page asks again for its session while the database is unavailable. */
const RETRY_MS = 3000;

function StudioGate() {
  const [session, setSession] = useState<Session | null | 'unavailable' | undefined>(undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      currentSession().then(
        (answer) => {
          setSession(answer);
          // Sessions live in the database: not a reason to show the sign-in form.
          if (answer === 'unavailable') timer = setTimeout(ask, RETRY_MS);
        },
        () => setSession(null),
      );
    void ask();
    return () => clearTimeout(timer);
  }, []);
  const api = useMemo(() => (session && session !== 'unavailable' ? studioApi(session) : null), [session]);
  if (session === undefined) return <p className="studio-loading">Loading…</p>;
  if (session === 'unavailable')
    return (
      <>
        <DatabaseNotice />
        <p className="studio-loading">Waiting for the database…</p>
      </>
    );
  if (!api) return <SignIn onSignedIn={setSession} />;
  return <StudioApp api={api} initialId={initialId} onSignedOut={() => setSession(null)} />;
}

createRoot(document.getElementById('root')!).render(<StudioGate />);
