// The studio's sign-in form. The server keeps the session (an HttpOnly cookie); the page only
// learns who is signed in and the CSRF token for its writes.
import { useState, type FormEvent } from 'react';
import { signIn, type Session } from './api';

export function SignIn({ onSignedIn }: { onSignedIn(session: Session): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ busy: true, message: '' });
    const result = await signIn(username, password).catch(() => ({
      ok: false as const,
      message: 'Could not reach the server',
    }));
    if (result.ok) onSignedIn(result.session);
    else setState({ busy: false, message: result.message });
  }

  return (
    <main className="studio-signin">
      <form onSubmit={(e) => void submit(e)} aria-label="Sign in">
        <h1>Screen studio</h1>
        <label>
          Account
          <input
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        {state.message && (
          <p className="studio-alert" role="alert">
            {state.message}
          </p>
        )}
        <button type="submit" className="studio-primary" disabled={state.busy}>
          {state.busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
