// The studio's entry (studio.html, served at /studio by the reference server when the `studio`
// config flag is on). Its own bundle: nothing here reaches the borrower's pages. It shows the
// sign-in form until the server says who is signed in.
import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { currentSession, studioApi, type Session } from './api';
import { SignIn } from './SignIn';
import { StudioApp } from './StudioApp';
import './studio.css';

const hash = decodeURIComponent(window.location.hash.slice(1));
/** The screen the editor opens first (a publishing screen's address names none). */
const initialId = hash && !hash.startsWith('/') ? hash : 'loan-details';

function StudioGate() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => {
    currentSession().then(setSession, () => setSession(null));
  }, []);
  const api = useMemo(() => (session ? studioApi(session) : null), [session]);
  if (session === undefined) return <p className="studio-loading">Loading…</p>;
  if (!api) return <SignIn onSignedIn={setSession} />;
  return <StudioApp api={api} initialId={initialId} onSignedOut={() => setSession(null)} />;
}

createRoot(document.getElementById('root')!).render(<StudioGate />);
